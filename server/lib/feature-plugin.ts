/**
 * A feature's plugin, with what it needs of other features said once, in its own plugin.ts: the names
 * become fastify-plugin `dependencies` (a feature registered before what it needs fails at start, naming
 * it) and the faces are read from the app ONCE, here, and handed to the feature's code. A handler never
 * reaches into `app` for another feature: what it uses is a parameter its plugin gave it, so the plugin's
 * first lines say all a feature depends on (docs/decisions/0021-features-declare-what-they-need.md).
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyPluginOptions } from 'fastify';
import fp from 'fastify-plugin';

/** The faces a feature declared, as the other features decorate the app with them (their index.ts). */
export type Needs<K extends keyof FastifyInstance & string> = Pick<FastifyInstance, K>;

/** Every feature stands on the platform (database, outbox, audit, events): it need not say so. */
const PLATFORM = 'platform';

export function featurePlugin<
  K extends keyof FastifyInstance & string,
  O extends FastifyPluginOptions = Record<never, never>,
>(
  name: string,
  needs: readonly K[],
  register: (app: FastifyInstance, uses: Needs<K>, options: O) => Promise<void>,
): FastifyPluginAsync<O> {
  const plugin: FastifyPluginAsync<O> = async (app, options) => {
    const uses = Object.fromEntries(needs.map((need) => [need, app[need]])) as Needs<K>;
    await register(app, uses, options);
  };
  return fp(plugin, { name, dependencies: [PLATFORM, ...needs] });
}
