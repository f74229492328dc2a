import { BookOpen, LayoutDashboard, MessagesSquare, Users } from 'lucide-react';

/** The signed-in destinations of the navigation bar (SPEC.md section 2), shared by desktop and mobile menus. */
export const MAIN_LINKS = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/classes', label: 'Classes', icon: BookOpen },
  { to: '/discussions', label: 'Discussions', icon: MessagesSquare },
  { to: '/community', label: 'Community', icon: Users },
] as const;

export const ACCOUNT_LINKS = [
  { to: '/profile', label: 'Profile' },
  { to: '/settings', label: 'Settings' },
] as const;
