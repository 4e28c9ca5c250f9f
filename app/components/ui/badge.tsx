import type { ReactNode } from "react";

const TONES: Record<string, string> = {
  pending: "bg-amber-100 text-amber-900",
  approved: "bg-green-100 text-green-800",
  rejected: "bg-red-100 text-red-800",
  new: "bg-blue-100 text-blue-800",
  reviewed: "bg-amber-100 text-amber-900",
  resolved: "bg-green-100 text-green-800",
  suspended: "bg-red-100 text-red-800",
  featured: "bg-amber-300 text-amber-950",
  neutral: "bg-gray-100 text-gray-800",
  admin: "bg-purple-100 text-purple-800",
  business: "bg-brand-100 text-brand-800",
  high: "bg-red-100 text-red-800",
  medium: "bg-amber-100 text-amber-900",
  low: "bg-gray-100 text-gray-800",
};

/** A small status label; the tone is a status name (pending, approved, …) or neutral. */
export function Badge({ tone, children }: { tone: string; children: ReactNode }) {
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[tone] ?? TONES.neutral}`}>{children}</span>;
}

/** A count beside a label (unread, waiting), read out with what it counts. */
export function CountBadge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <span className="badge">
      {count}
      <span className="sr-only"> {label}</span>
    </span>
  );
}
