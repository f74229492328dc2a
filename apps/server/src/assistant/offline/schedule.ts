import type { AssistantContext, SessionBrief } from '../provider.js';
import { dayAndTime, fromNow, timeOfDay, zoneName } from '../when.js';
import { link, plain, plural } from './format.js';

// "When is my next session?", "What's on this week?": the asker's sessions, in their own time zone.

/** How far ahead "what's on" looks: a week from now (the asker's week may start on any day). */
const WEEK_MS = 7 * 86_400_000;

const sessionName = (session: SessionBrief) => (session.title ? `“${plain(session.title)}”` : 'a session');

function sessionLine(session: SessionBrief, zone: string): string {
  return `- ${dayAndTime(session.startsAt, zone)}: ${sessionName(session)} in ${link(session.classTitle, session.link)}, ${plural(session.durationMinutes, 'minute', 'minutes')}`;
}

function nextSession(session: SessionBrief, context: AssistantContext): string {
  const { now, timeZone } = context;
  const where = link(session.classTitle, session.link);
  if (session.startsAt <= now) {
    const which = session.title ? `${sessionName(session)} of ${where}` : `A session of ${where}`;
    return `${which} is on now: it started at ${timeOfDay(session.startsAt, timeZone)} (${zoneName(timeZone)}). Join it from its class page.`;
  }
  return `Your next session is ${sessionName(session)} of ${where}, on ${dayAndTime(session.startsAt, timeZone)} (${zoneName(timeZone)}), ${fromNow(session.startsAt, now)}, for ${plural(session.durationMinutes, 'minute', 'minutes')}.`;
}

/** The asker's next session and what else is on in the coming week, in their own time zone. */
export function schedule(context: AssistantContext): string {
  const mine = [...context.enrolled, ...context.created];
  if (mine.length === 0) {
    return `You are not in any classes yet, so you have no sessions. Browse ${link('Classes', '/classes')} to find one.`;
  }
  const { sessions, now, timeZone } = context;
  const [next] = sessions;
  if (!next) {
    return `No sessions are scheduled in your classes (${mine.map((c) => link(c.title, c.link)).join(', ')}). They show on each class's page once its mentor schedules them.`;
  }
  const week = sessions.filter((session) => session.startsAt.getTime() < now.getTime() + WEEK_MS);
  const sections = [
    week.length === 0
      ? `Nothing is scheduled in your classes in the next 7 days. ${nextSession(next, context)}`
      : nextSession(next, context),
  ];
  if (week.length > 1) {
    sections.push(
      `In the next 7 days (times in ${zoneName(timeZone)}):\n${week.map((s) => sessionLine(s, timeZone)).join('\n')}`,
    );
  }
  sections.push(`To have them in your own calendar, copy your calendar link in ${link('Settings', '/settings')}.`);
  return sections.join('\n\n');
}
