import { Bot, Globe, type LucideIcon, Smile, Video } from 'lucide-react';

export interface Feature {
  title: string;
  summary: string;
  detail: string;
  icon: LucideIcon;
}

/** The four features of SPEC.md section 1, in the order the carousel rotates through them. */
export const FEATURES: readonly [Feature, ...Feature[]] = [
  {
    title: 'Live Classes',
    summary: 'Interactive courses with visualization technology.',
    detail: 'Join mentors live, follow along with visual explanations and ask questions the moment they come up.',
    icon: Video,
  },
  {
    title: 'AI Mentorship',
    summary: 'Personalised guidance powered by a chatbot.',
    detail: 'An assistant that knows the platform points you to the classes, discussions and posts that help.',
    icon: Bot,
  },
  {
    title: 'Global Community',
    summary: 'Connect with learners and thought leaders.',
    detail: 'Share questions, announcements and wins with people learning the same things you are.',
    icon: Globe,
  },
  {
    title: 'Sentiment Analysis of Comments',
    summary: 'User comments are marked positive or negative.',
    detail: 'Every comment carries a mood label, so a thread’s tone is clear at a glance.',
    icon: Smile,
  },
];
