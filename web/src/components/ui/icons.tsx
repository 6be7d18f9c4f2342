/** Inline stroke icons (decorative: the controls that use them carry their own accessible names). */
import type { ReactNode } from 'react';

function Icon({
  children,
  className = 'h-5 w-5',
  filled = false,
}: {
  children: ReactNode;
  className?: string;
  filled?: boolean;
}) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

export function BagIcon({ className }: { className?: string }) {
  return (
    <Icon className={className}>
      <path d="M6 7h12l-1 13H7L6 7z" />
      <path d="M9 7a3 3 0 016 0" />
    </Icon>
  );
}

export function EyeIcon({ className }: { className?: string }) {
  return (
    <Icon className={className}>
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
    </Icon>
  );
}

export function CompareIcon({ className }: { className?: string }) {
  return (
    <Icon className={className}>
      <path d="M7 4v16M17 4v16M3 8h8M13 16h8" />
    </Icon>
  );
}

export function HeartIcon({ className, filled }: { className?: string; filled?: boolean }) {
  return (
    <Icon className={className} filled={filled}>
      <path d="M12 20s-7-4.4-9.2-9A5 5 0 0112 6a5 5 0 019.2 5c-2.2 4.6-9.2 9-9.2 9z" />
    </Icon>
  );
}

export function ShareIcon({ className }: { className?: string }) {
  return (
    <Icon className={className}>
      <circle cx="18" cy="5" r="2.5" />
      <circle cx="6" cy="12" r="2.5" />
      <circle cx="18" cy="19" r="2.5" />
      <path d="M8.2 10.8l7.6-4.4M8.2 13.2l7.6 4.4" />
    </Icon>
  );
}

export function StarIcon({ className = 'h-4 w-4' }: { className?: string }) {
  return (
    <Icon className={className} filled>
      <path d="M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9L12 3z" />
    </Icon>
  );
}

export function ChevronIcon({
  className,
  direction,
}: {
  className?: string;
  direction: 'left' | 'right' | 'down';
}) {
  const d = direction === 'left' ? 'M15 5l-7 7 7 7' : direction === 'right' ? 'M9 5l7 7-7 7' : 'M5 9l7 7 7-7';
  return (
    <Icon className={className}>
      <path d={d} />
    </Icon>
  );
}

export function CloseIcon({ className }: { className?: string }) {
  return (
    <Icon className={className}>
      <path d="M6 6l12 12M18 6L6 18" />
    </Icon>
  );
}

export function SearchIcon({ className }: { className?: string }) {
  return (
    <Icon className={className}>
      <circle cx="11" cy="11" r="7" />
      <path d="M20 20l-3.5-3.5" />
    </Icon>
  );
}

export function HandIcon({ className }: { className?: string }) {
  return (
    <Icon className={className}>
      <path d="M8 13V5.5a1.5 1.5 0 013 0V12m0-1.5v-6a1.5 1.5 0 013 0V12m0-5.5a1.5 1.5 0 013 0V14a6 6 0 01-6 6h-1.5a6 6 0 01-5-2.7L3.3 14a1.5 1.5 0 012.5-1.7L8 15" />
    </Icon>
  );
}

export function SparkIcon({ className }: { className?: string }) {
  return (
    <Icon className={className}>
      <path d="M12 3v4M12 17v4M3 12h4M17 12h4M6.3 6.3l2.8 2.8M14.9 14.9l2.8 2.8M6.3 17.7l2.8-2.8M14.9 9.1l2.8-2.8" />
    </Icon>
  );
}

export function TruckIcon({ className }: { className?: string }) {
  return (
    <Icon className={className}>
      <path d="M3 6h11v10H3zM14 10h4l3 3v3h-7" />
      <circle cx="7" cy="18" r="1.8" />
      <circle cx="17" cy="18" r="1.8" />
    </Icon>
  );
}

export function LockIcon({ className }: { className?: string }) {
  return (
    <Icon className={className}>
      <rect x="5" y="11" width="14" height="9" rx="2" />
      <path d="M8 11V8a4 4 0 018 0v3" />
    </Icon>
  );
}

export function ReturnIcon({ className }: { className?: string }) {
  return (
    <Icon className={className}>
      <path d="M9 14L4 9l5-5" />
      <path d="M4 9h11a5 5 0 010 10h-3" />
    </Icon>
  );
}

export function ZoomIcon({ className }: { className?: string }) {
  return (
    <Icon className={className}>
      <circle cx="11" cy="11" r="7" />
      <path d="M20 20l-3.5-3.5M11 8v6M8 11h6" />
    </Icon>
  );
}
