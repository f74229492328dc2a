import type { Role } from '@mentora/contract';
import { BookOpen, LayoutDashboard, MessagesSquare, ShieldCheck, Users } from 'lucide-react';
import { isAdmin } from '../auth/roles';

/** The signed-in destinations of the navigation bar (SPEC.md section 2), shared by desktop and mobile menus. */
export const MAIN_LINKS = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/classes', label: 'Classes', icon: BookOpen },
  { to: '/discussions', label: 'Discussions', icon: MessagesSquare },
  { to: '/community', label: 'Community', icon: Users },
] as const;

/** Administrators also get their dashboard: sign-in sends them there, and they need a way back. */
const ADMIN_LINK = { to: '/admin', label: 'Admin', icon: ShieldCheck } as const;

export function mainLinksFor(role: Role | undefined) {
  return isAdmin(role) ? [...MAIN_LINKS, ADMIN_LINK] : MAIN_LINKS;
}

export const ACCOUNT_LINKS = [
  { to: '/profile', label: 'Profile' },
  { to: '/settings', label: 'Settings' },
] as const;
