/**
 * The desk's status flow (docs/product/orders.md §10.3): which action each status allows. The store enforces the
 * same `from` lists in its conditional UPDATEs, so a refused action changes nothing even in a race.
 */
import type { FulfilmentAction, FulfilmentStatus } from '../../domain/orders/admin-api';

/**
 * Statuses an action may leave; `beforeDispatch` narrows it to orders not (yet) dispatched. A refund in
 * part changes no status (§10.3), so an order refunded in part allows what its status allows.
 */
export const FLOW: Readonly<
  Record<FulfilmentAction, { from: readonly FulfilmentStatus[]; beforeDispatch?: boolean }>
> = {
  start: { from: ['paid', 'needs_review'], beforeDispatch: true },
  dispatch: { from: ['paid', 'in_production'], beforeDispatch: true },
  deliver: { from: ['dispatched'], beforeDispatch: false },
  refund: { from: ['paid', 'in_production', 'dispatched', 'delivered', 'needs_review'] },
  cancel: { from: ['paid', 'in_production', 'needs_review'], beforeDispatch: true },
};

/** What the target status of a plain action is (refund and cancel decide theirs from the amounts). */
export const TARGET: Readonly<Record<'start' | 'dispatch' | 'deliver', FulfilmentStatus>> = {
  start: 'in_production',
  dispatch: 'dispatched',
  deliver: 'delivered',
};

export interface FlowState {
  readonly status: FulfilmentStatus;
  readonly dispatched: boolean;
  readonly delivered: boolean;
  /** Cents the provider can still refund (0 when the shop knows of no payment). */
  readonly refundable: number;
}

export function allows(action: FulfilmentAction, state: FlowState): boolean {
  const rule = FLOW[action];
  if (!rule.from.includes(state.status)) return false;
  if (rule.beforeDispatch === true && state.dispatched) return false;
  if (rule.beforeDispatch === false && !state.dispatched) return false;
  if (action === 'deliver' && state.delivered) return false;
  if (action === 'refund' && state.refundable <= 0) return false;
  return true;
}

export function allowedActions(state: FlowState): FulfilmentAction[] {
  return (['start', 'dispatch', 'deliver', 'refund', 'cancel'] as const).filter((a) => allows(a, state));
}
