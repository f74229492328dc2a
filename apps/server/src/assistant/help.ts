// A short help text about using Mentora, written for the assistant: the offline assistant answers
// "how do I ..." questions from it, and Gemini's system instruction carries it so both describe the
// same screens. Each topic has patterns that point to it, weighted: the object of the question
// ("live", "discussion") counts more than the verb ("start", "join").

export interface HelpTopic {
  id: string;
  title: string;
  steps: string[];
  link: { label: string; path: string };
  /** Patterns in a lower-cased question and what each adds to this topic's score. */
  cues: [RegExp | InOrder, number][];
}

/** What `.` does not match: a cue in two parts holds within one line, as `first.*then` would. */
const LINE_BREAK = /[\n\r\u2028\u2029]/;

/**
 * A word of `first`, then later on the same line a word of `then`: what `first.*then` says, found with
 * two scans of each line. As one pattern, `.*` reread the rest of the line from every word of `first`,
 * which is quadratic on a question repeating it ("join join join ...").
 */
export class InOrder {
  constructor(
    readonly first: RegExp,
    readonly then: RegExp,
  ) {}

  test(text: string): boolean {
    for (const line of text.split(LINE_BREAK)) {
      // The leftmost `first` leaves the most room for `then`: if any is followed by it, this one is.
      const found = this.first.exec(line);
      if (found && this.then.test(line.slice(found.index + found[0].length))) return true;
    }
    return false;
  }
}

const CLASSY = /\b(class|classes|course|courses)\b/;

export const HELP_TOPICS: HelpTopic[] = [
  {
    id: 'enrol',
    title: 'Enrol in a class',
    steps: [
      'Open Classes and search or filter for the class you want.',
      'Open the class and press "Enrol in class".',
      'It then shows under the Enrolled filter and on your dashboard. A full class, or your own class, cannot be joined.',
    ],
    link: { label: 'Classes', path: '/classes' },
    cues: [
      [/\benrol+(s|ing|ed|ment)?\b/, 3],
      [new InOrder(/\b(join|take|sign ?up|register|attend|get into)\b/, CLASSY), 3],
      [/\bsign ?up\b/, 1],
    ],
  },
  {
    id: 'unenrol',
    title: 'Leave a class',
    steps: [
      'Open Classes and choose the Enrolled filter.',
      'Open the class, press Unenrol and confirm.',
      'You can enrol again later while the class has seats.',
    ],
    link: { label: 'Classes', path: '/classes' },
    cues: [
      [/\bun-?enrol+(s|ing|ed|ment)?\b/, 5],
      [/\b(leave|drop|quit|withdraw|cancel|exit)\b/, 2],
    ],
  },
  {
    id: 'start-discussion',
    title: 'Start a discussion',
    steps: [
      'Go to Discussions and press Start Discussion (or use the button on a class page, which picks the class for you).',
      'Give it a title, write your question or idea, choose the class and post it.',
      "Only the class's enrolled learners and its mentor can start and read its discussions.",
    ],
    link: { label: 'Start a discussion', path: '/discussions/create' },
    cues: [
      [/\bdiscussions?\b|\bthreads?\b/, 2],
      [/\b(start|create|open|new|begin|post|ask|write)\b/, 1],
    ],
  },
  {
    id: 'reply',
    title: 'Reply to a discussion',
    steps: [
      'Open Discussions and pick the discussion.',
      'Write your reply in the form under the replies and send it.',
      'You must be enrolled in its class (or be its mentor) to reply.',
    ],
    link: { label: 'Discussions', path: '/discussions' },
    cues: [
      [/\brepl(y|ies|ying|ied)\b|\brespond\b|\banswer (a|the|to)\b|\bcomment\b/, 3],
      [/\bdiscussions?\b/, 1],
    ],
  },
  {
    id: 'review',
    title: 'Review a class',
    steps: [
      'Open the class and go to its reviews page.',
      'Choose 1 to 5 stars, add a comment if you like, and submit.',
      'Only learners enrolled in the class can review it; a second review replaces your first.',
    ],
    link: { label: 'Classes', path: '/classes' },
    cues: [
      [/\breview(s|ing|ed)?\b|\brat(e|ing|ings)\b|\bstars?\b/, 3],
      [/\bfeedback\b/, 1],
    ],
  },
  {
    id: 'verification',
    title: 'Get verified as a mentor',
    steps: [
      'Sign in with a mentor account and open your Dashboard.',
      'Press the button to request verification; an administrator reviews the request.',
      'The dashboard checks by itself every 10 seconds and shows your verified badge once approved. Verified mentors can create classes.',
    ],
    link: { label: 'Dashboard', path: '/dashboard' },
    cues: [
      [/\bverif(y|ied|ication)\b/, 4],
      [/\bbadge\b|\bapprov(e|ed|al)\b/, 1],
    ],
  },
  {
    id: 'create-class',
    title: 'Create a class',
    steps: [
      'You need a verified mentor account (request verification from your dashboard first).',
      'Open Classes and press Create Class.',
      'Fill in title, description, category, content type (live, video or uploadable; a URL unless it is live), price, maximum students, schedule and tags, then create it.',
    ],
    link: { label: 'Create a class', path: '/classes/create' },
    cues: [
      [new InOrder(/\b(create|make|add|publish|set up|offer|host|run|teach)\b/, CLASSY), 4],
      [/\bbecome an? (mentor|teacher)\b/, 2],
    ],
  },
  {
    id: 'start-live',
    title: 'Start a live session',
    steps: [
      "As the class's mentor, open the class.",
      'Press the button to start the live session: the streaming site opens in a new tab.',
      'Your enrolled learners are told the session has started and can join from the class page.',
    ],
    link: { label: 'Your classes', path: '/classes' },
    cues: [
      [/\blive\b|\bvideo call\b|\bstream(ing)?\b/, 2],
      [/\b(start|host|begin|run|launch|go|open)\b/, 1],
    ],
  },
  {
    id: 'join-live',
    title: 'Join a live session',
    steps: [
      'Enrol in the class first.',
      'Open the class and press the button to join the live session: the streaming site opens in a new tab.',
    ],
    link: { label: 'Classes', path: '/classes' },
    cues: [
      [/\blive\b|\bvideo call\b|\bstream(ing)?\b/, 2],
      [/\b(join|attend|watch|enter|connect)\b/, 1],
    ],
  },
  {
    id: 'schedule-session',
    title: 'Schedule a session of your class',
    steps: [
      "As the class's mentor, open the class and press Schedule session under Upcoming sessions.",
      'Give it a title if you like, the date and time it starts (in your own time zone) and how long it lasts (15 to 480 minutes).',
      'Your enrolled learners are told, and reminded shortly before it starts. Edit or Cancel session changes it later, and they are told of that too.',
      'The Join button opens the live room from 10 minutes before the start.',
    ],
    link: { label: 'Classes', path: '/classes' },
    cues: [
      [/\bschedul(e|ed|es|ing)\b|\breschedul/, 3],
      [/\bsessions?\b|\blessons?\b|\bmeetings?\b/, 2],
      [new InOrder(/\b(cancel|move|change|edit|postpone)\b/, /\bsessions?\b/), 2],
    ],
  },
  {
    id: 'calendar',
    title: 'Add your sessions to a calendar',
    steps: [
      'On a class page, press Add to calendar under a session: your calendar opens the file it downloads.',
      'Or subscribe to all the sessions of your classes: copy the calendar link in Settings and add it to Google Calendar, Outlook or Apple Calendar as a calendar from a URL.',
      'Keep the link private. If you shared it by mistake, make a new one in Settings: the old one stops working.',
    ],
    link: { label: 'Settings', path: '/settings' },
    cues: [[/\bcalendars?\b|\bical\b|\bics\b|\bsubscribe\b/, 4]],
  },
  {
    id: 'edit-class',
    title: 'Edit or complete your class',
    steps: [
      "As the class's mentor, open the class and press Edit class.",
      'Change any field of the create form, or its status: upcoming, ongoing or completed, and save.',
      'A completed class takes no new enrolments and counts as completed on your dashboard.',
    ],
    link: { label: 'Classes', path: '/classes' },
    cues: [
      [new InOrder(/\b(edit|change|update|rename|complete|finish|close|end|mark)\b/, CLASSY), 4],
      [/\bcompleted?\b/, 1],
    ],
  },
  {
    id: 'roster',
    title: 'See who is in your class',
    steps: [
      "As the class's mentor (or an admin), open the class and press Roster.",
      'It lists the enrolled learners with the date each enrolled: search it, export it as CSV, or remove a learner from the class (they are told).',
      'Insight, next to it, charts enrolments, ratings, discussion activity and the mood of what is written about the class.',
    ],
    link: { label: 'Classes', path: '/classes' },
    cues: [
      // More than the enrol topic's cue: "who is enrolled" asks for the list, not how to enrol.
      [/\broster\b|\bwho (is|are|has|have) (enrolled|in)\b/, 4],
      [/\b(my|the) (students|learners|attendees)\b/, 3],
      [/\binsights?\b|\bstatistics\b|\bstats\b|\banalytics\b/, 3],
    ],
  },
  {
    id: 'community',
    title: 'Post in the community',
    steps: [
      'Open Community and press the button to create a post.',
      'Give it a title, the text, a category (general, question, announcement or help) and optional tags.',
      'Anyone signed in can like a post (press again to unlike) and reply; you can delete your own posts.',
    ],
    link: { label: 'Community', path: '/community' },
    cues: [
      [/\bcommunity\b|\bfeed\b/, 3],
      [/\b(post|share|like|announce)\b/, 1],
    ],
  },
  {
    id: 'theme',
    title: 'Switch between dark and light theme',
    steps: [
      'Press the theme toggle in the navigation bar (also in Settings).',
      'Your choice is remembered on this device.',
    ],
    link: { label: 'Settings', path: '/settings' },
    cues: [[/\btheme\b|\bdark\b|\blight mode\b|\bcolou?rs?\b/, 3]],
  },
  {
    id: 'password',
    title: 'Change or reset your password',
    steps: [
      'Signed in: open Settings from the avatar menu and change your password (you need the current one).',
      'Forgotten it: on the sign-in page choose "Forgot password?" and follow the link we send to your email.',
    ],
    link: { label: 'Settings', path: '/settings' },
    cues: [[/\bpass(word|words|code)\b/, 4]],
  },
  {
    id: 'profile',
    title: 'Edit your profile',
    steps: [
      'Open Profile from the avatar menu and switch to edit mode.',
      'Change your name, email, bio or picture URL and save.',
    ],
    link: { label: 'Profile', path: '/profile' },
    cues: [
      [/\bprofile\b|\bbio\b|\bavatar\b|\bpicture\b/, 3],
      [new InOrder(/\b(change|edit|update)\b/, /\b(name|email)\b/), 3],
    ],
  },
];

const MIN_SCORE = 2;

export function scoreTopic(topic: HelpTopic, question: string): number {
  const text = question.toLowerCase();
  return topic.cues.reduce((score, [pattern, weight]) => score + (pattern.test(text) ? weight : 0), 0);
}

/** The topic a question is about, with its score; undefined when none scores enough. */
export function findHelpTopic(question: string): { topic: HelpTopic; score: number } | undefined {
  let best: { topic: HelpTopic; score: number } | undefined;
  for (const topic of HELP_TOPICS) {
    const score = scoreTopic(topic, question);
    if (score >= MIN_SCORE && (!best || score > best.score)) best = { topic, score };
  }
  return best;
}

/** The whole help text, for a model's instructions. */
export function helpText(): string {
  return HELP_TOPICS.map(
    (topic) =>
      `${topic.title} (${topic.link.path}):\n${topic.steps.map((step, i) => `  ${i + 1}. ${step}`).join('\n')}`,
  ).join('\n');
}

/** Every pattern the help cues run on a question, for the ReDoS sweep (regexSafety.test.ts). */
export const HELP_PATTERNS: Readonly<Record<string, RegExp>> = {
  LINE_BREAK,
  ...Object.fromEntries(
    HELP_TOPICS.flatMap((topic) =>
      topic.cues.flatMap(([cue], i) =>
        cue instanceof InOrder
          ? [
              [`${topic.id}:${i}:first`, cue.first],
              [`${topic.id}:${i}:then`, cue.then],
            ]
          : [[`${topic.id}:${i}`, cue]],
      ),
    ),
  ),
};
