import type { ClassCategory, CommunityCategory, ContentType } from '@mentora/contract';

// Believable demo content for `pnpm demo`: people, classes in every category, discussions, reviews
// and community posts. Plain data; seed.ts writes it through the real services.

export const DEMO_PASSWORD = 'mentora-demo';

export interface DemoPerson {
  key: string;
  name: string;
  email: string;
  role: 'learner' | 'mentor' | 'both' | 'admin';
  verified?: boolean;
  bio: string;
  skills?: string[];
}

export const DEMO_PEOPLE: DemoPerson[] = [
  {
    key: 'admin',
    name: 'Morgan Admin',
    email: 'admin@demo.mentora',
    role: 'admin',
    bio: 'Keeps Mentora friendly and safe.',
  },
  {
    key: 'amara',
    name: 'Amara Okafor',
    email: 'amara@demo.mentora',
    role: 'mentor',
    verified: true,
    bio: 'Senior engineer; ten years of TypeScript and teaching bootcamps.',
    skills: ['TypeScript', 'Node.js', 'Testing'],
  },
  {
    key: 'lucas',
    name: 'Lucas Moreau',
    email: 'lucas@demo.mentora',
    role: 'mentor',
    verified: true,
    bio: 'Product designer who loves clear interfaces and honest research.',
    skills: ['Figma', 'UX research', 'Accessibility'],
  },
  {
    key: 'priya',
    name: 'Priya Raman',
    email: 'priya@demo.mentora',
    role: 'both',
    verified: true,
    bio: 'Growth marketer, startup advisor, and forever a student of statistics.',
    skills: ['SEO', 'Analytics', 'Pitching'],
  },
  {
    key: 'jonas',
    name: 'Jonas Berg',
    email: 'jonas@demo.mentora',
    role: 'mentor',
    verified: false,
    bio: 'Coach for focus and habits. Waiting for verification.',
    skills: ['Coaching'],
  },
  {
    key: 'sofia',
    name: 'Sofia Alvarez',
    email: 'sofia@demo.mentora',
    role: 'learner',
    bio: 'Career changer learning web development.',
  },
  {
    key: 'kenji',
    name: 'Kenji Watanabe',
    email: 'kenji@demo.mentora',
    role: 'learner',
    bio: 'Student, curious about design and data.',
  },
  {
    key: 'fatima',
    name: 'Fatima Zahra',
    email: 'fatima@demo.mentora',
    role: 'learner',
    bio: 'Runs a small bakery; learning marketing.',
  },
  {
    key: 'noah',
    name: 'Noah Williams',
    email: 'noah@demo.mentora',
    role: 'learner',
    bio: 'Backend developer brushing up on testing.',
  },
  {
    key: 'lea',
    name: 'Léa Martin',
    email: 'lea@demo.mentora',
    role: 'learner',
    bio: 'Illustrator moving into product design.',
  },
];

export interface DemoClass {
  key: string;
  mentor: string;
  title: string;
  description: string;
  category: ClassCategory;
  contentType: ContentType;
  contentUrl: string;
  price: number;
  schedule: string;
  maxStudents: number | null;
  prerequisites: string;
  materials: string;
  tags: string[];
  status: 'upcoming' | 'ongoing' | 'completed';
  learners: string[];
}

export const DEMO_CLASSES: DemoClass[] = [
  {
    key: 'ts',
    mentor: 'amara',
    title: 'TypeScript from Zero to Confident',
    description:
      'Types, generics and narrowing by building a small task tracker. Each week ends with a code review of your own project.',
    category: 'programming',
    contentType: 'live',
    contentUrl: '',
    price: 0,
    schedule: 'Tuesdays 18:00 UTC, 6 weeks',
    maxStudents: 30,
    prerequisites: 'Basic JavaScript',
    materials: 'Slides and exercises in the class repository',
    tags: ['typescript', 'javascript', 'web'],
    status: 'ongoing',
    learners: ['sofia', 'noah', 'kenji', 'priya'],
  },
  {
    key: 'testing',
    mentor: 'amara',
    title: 'Testing Node.js Services the Honest Way',
    description: 'Integration tests against a real database, factories, and how to make a flaky test deterministic.',
    category: 'programming',
    contentType: 'video',
    contentUrl: 'https://videos.example.org/mentora/testing-node',
    price: 29.99,
    schedule: 'Self-paced, 8 videos',
    maxStudents: null,
    prerequisites: 'Comfortable with Node.js',
    materials: 'Video lessons and a sample repository',
    tags: ['node', 'testing', 'postgres'],
    status: 'completed',
    learners: ['noah', 'sofia'],
  },
  {
    key: 'ux',
    mentor: 'lucas',
    title: 'UX Research on a Shoestring',
    description: 'Plan interviews, run quick usability tests and turn notes into decisions, without a research budget.',
    category: 'design',
    contentType: 'live',
    contentUrl: '',
    price: 0,
    schedule: 'Thursdays 17:00 UTC, 4 weeks',
    maxStudents: 20,
    prerequisites: 'None',
    materials: 'Interview scripts and a synthesis template',
    tags: ['ux', 'research', 'interviews'],
    status: 'upcoming',
    learners: ['lea', 'kenji'],
  },
  {
    key: 'a11y',
    mentor: 'lucas',
    title: 'Accessible Interfaces in Practice',
    description: 'Contrast, focus order, screen readers and forms that everyone can complete.',
    category: 'design',
    contentType: 'uploadable',
    contentUrl: 'https://files.example.org/mentora/a11y-workbook.pdf',
    price: 15,
    schedule: 'Self-paced workbook',
    maxStudents: null,
    prerequisites: 'Some HTML',
    materials: 'Workbook PDF with checklists',
    tags: ['accessibility', 'wcag', 'design'],
    status: 'ongoing',
    learners: ['lea', 'sofia', 'fatima'],
  },
  {
    key: 'seo',
    mentor: 'priya',
    title: 'Marketing for Small Businesses',
    description: 'Local SEO, a newsletter people read, and measuring what actually brings customers in.',
    category: 'marketing',
    contentType: 'video',
    contentUrl: 'https://videos.example.org/mentora/small-business-marketing',
    price: 19,
    schedule: 'Self-paced, 6 videos',
    maxStudents: null,
    prerequisites: 'None',
    materials: 'Videos and a measurement spreadsheet',
    tags: ['seo', 'newsletter', 'analytics'],
    status: 'ongoing',
    learners: ['fatima', 'kenji'],
  },
  {
    key: 'pitch',
    mentor: 'priya',
    title: 'Pitching Your Idea in Ten Minutes',
    description: 'Structure a pitch, tell the numbers plainly and handle hard questions with calm.',
    category: 'business',
    contentType: 'live',
    contentUrl: '',
    price: 0,
    schedule: 'One evening workshop',
    maxStudents: 12,
    prerequisites: 'An idea you care about',
    materials: 'Pitch outline',
    tags: ['startups', 'pitching'],
    status: 'upcoming',
    learners: ['fatima'],
  },
  {
    key: 'sql',
    mentor: 'amara',
    title: 'SQL for Analysts',
    description: 'Joins, window functions and reading query plans, with real questions from real data.',
    category: 'programming',
    contentType: 'video',
    contentUrl: 'https://videos.example.org/mentora/sql-analysts',
    price: 0,
    schedule: 'Self-paced, 10 videos',
    maxStudents: null,
    prerequisites: 'Spreadsheets',
    materials: 'Sample database and exercises',
    tags: ['sql', 'postgres', 'data'],
    status: 'ongoing',
    learners: ['kenji', 'priya'],
  },
  {
    key: 'focus',
    mentor: 'lucas',
    title: 'Deep Work for Creative People',
    description: 'Plan your week, protect focus time and finish projects you start.',
    category: 'personal development',
    contentType: 'live',
    contentUrl: '',
    price: 0,
    schedule: 'Mondays 08:00 UTC, 3 weeks',
    maxStudents: 25,
    prerequisites: 'None',
    materials: 'Weekly planner',
    tags: ['productivity', 'habits'],
    status: 'upcoming',
    learners: ['lea', 'noah'],
  },
  {
    key: 'portfolio',
    mentor: 'lucas',
    title: 'Building a Portfolio That Gets Interviews',
    description: 'Pick three projects, write case studies people finish reading, and publish them.',
    category: 'other',
    contentType: 'uploadable',
    contentUrl: 'https://files.example.org/mentora/portfolio-guide.pdf',
    price: 0,
    schedule: 'Self-paced guide',
    maxStudents: null,
    prerequisites: 'At least one finished project',
    materials: 'Case study template',
    tags: ['portfolio', 'career'],
    status: 'ongoing',
    learners: ['sofia', 'lea'],
  },
];

export interface DemoDiscussion {
  cls: string;
  author: string;
  title: string;
  content: string;
  replies: { author: string; content: string }[];
}

export const DEMO_DISCUSSIONS: DemoDiscussion[] = [
  {
    cls: 'ts',
    author: 'sofia',
    title: 'When should I use unknown instead of any?',
    content:
      'In week 2 we parsed JSON from an API. I used any and it compiled, but the review said unknown. Why is it better?',
    replies: [
      {
        author: 'amara',
        content:
          'Great question! unknown makes you check the shape before you use it, so mistakes show up at compile time instead of in production.',
      },
      {
        author: 'noah',
        content: 'A zod schema is a nice way to turn unknown into a real type. It saved me a lot of debugging.',
      },
      { author: 'sofia', content: 'That makes sense now, thank you both!' },
    ],
  },
  {
    cls: 'ts',
    author: 'kenji',
    title: 'Generics exercise 3 is confusing',
    content:
      'I do not understand why the constraint extends keyof T is needed in exercise 3. Could someone explain it simply?',
    replies: [
      {
        author: 'amara',
        content:
          'It tells TypeScript that the key really exists on T, so the return type can be T[K]. We will go through it live on Tuesday.',
      },
    ],
  },
  {
    cls: 'testing',
    author: 'noah',
    title: 'Flaky test from lesson 5 finally fixed',
    content: 'The order of rows was not guaranteed. Adding ORDER BY fixed it. Sharing in case someone else hits it.',
    replies: [{ author: 'amara', content: 'Exactly the lesson. Well done, and thanks for sharing it with everyone.' }],
  },
  {
    cls: 'ux',
    author: 'lea',
    title: 'How many interviews are enough?',
    content: 'For a small app with one kind of user, is five interviews really enough to find the main problems?',
    replies: [
      { author: 'lucas', content: 'Usually yes for usability problems. Stop when you keep hearing the same things.' },
      { author: 'kenji', content: 'We did six and the last two added nothing new. Very helpful rule of thumb.' },
    ],
  },
  {
    cls: 'a11y',
    author: 'fatima',
    title: 'Checking contrast on my bakery website',
    content:
      'My light brown text on cream fails the contrast checker. Is there a simple way to pick colours that pass?',
    replies: [
      {
        author: 'lucas',
        content: 'Darken the text until it reaches 4.5:1. The workbook has a palette that keeps your brand feel.',
      },
    ],
  },
  {
    cls: 'seo',
    author: 'fatima',
    title: 'Newsletter open rates dropped',
    content: 'Open rates fell from 40% to 25% after I changed the sender name. Disappointing. Should I change it back?',
    replies: [
      {
        author: 'priya',
        content: 'Yes, people recognise the name they know. Test one change at a time so you can see what worked.',
      },
    ],
  },
];

export interface DemoReview {
  cls: string;
  user: string;
  rating: number;
  comment: string;
}

export const DEMO_REVIEWS: DemoReview[] = [
  {
    cls: 'ts',
    user: 'sofia',
    rating: 5,
    comment: 'Clear, patient and practical. The code reviews were the best part.',
  },
  { cls: 'ts', user: 'noah', rating: 4, comment: 'Solid course. Week 4 went a little fast for me.' },
  { cls: 'testing', user: 'noah', rating: 5, comment: 'Changed how I write tests at work.' },
  { cls: 'a11y', user: 'lea', rating: 5, comment: 'Every designer should take this.' },
  { cls: 'a11y', user: 'fatima', rating: 4, comment: 'Useful checklists, easy to follow.' },
  { cls: 'seo', user: 'fatima', rating: 3, comment: 'Good basics, I wanted more about social media.' },
  { cls: 'sql', user: 'kenji', rating: 5, comment: 'Window functions finally make sense.' },
  { cls: 'portfolio', user: 'sofia', rating: 4, comment: 'Rewrote my case studies and got two interviews.' },
];

export interface DemoPost {
  author: string;
  title: string;
  content: string;
  category: CommunityCategory;
  tags: string[];
  likes: string[];
  replies: { author: string; content: string }[];
}

export const DEMO_POSTS: DemoPost[] = [
  {
    author: 'sofia',
    title: 'I got my first developer job!',
    content:
      'After nine months of learning here I accepted an offer today. Thank you to everyone who answered my questions!',
    category: 'announcement',
    tags: ['career', 'milestone'],
    likes: ['noah', 'kenji', 'amara', 'lea', 'fatima'],
    replies: [
      { author: 'amara', content: 'Congratulations Sofia, you earned it!' },
      { author: 'kenji', content: 'Amazing news, congrats!' },
    ],
  },
  {
    author: 'kenji',
    title: 'Best way to practise SQL every day?',
    content: 'I want a small daily habit for SQL practice. What worked for you?',
    category: 'question',
    tags: ['sql', 'habits'],
    likes: ['priya'],
    replies: [
      { author: 'priya', content: 'Answer one real question about your own data each morning. Ten minutes is enough.' },
    ],
  },
  {
    author: 'fatima',
    title: 'Struggling to find time to study',
    content: 'Running the bakery leaves me exhausted and I keep falling behind on lessons. It is frustrating.',
    category: 'help',
    tags: ['motivation'],
    likes: ['lea', 'lucas'],
    replies: [
      {
        author: 'lucas',
        content: 'Short sessions count. Try 20 minutes before opening, twice a week, and be kind to yourself.',
      },
    ],
  },
  {
    author: 'lucas',
    title: 'Free accessibility review day',
    content:
      'Next Friday I will review five learner projects for accessibility, live. Reply here with a link to join the queue.',
    category: 'announcement',
    tags: ['accessibility', 'event'],
    likes: ['lea', 'sofia', 'fatima'],
    replies: [{ author: 'lea', content: 'Count me in, thank you for doing this!' }],
  },
  {
    author: 'noah',
    title: 'Which test runner do you use?',
    content: 'We are choosing between vitest and the built-in node test runner. Opinions welcome.',
    category: 'general',
    tags: ['testing', 'node'],
    likes: [],
    replies: [
      {
        author: 'amara',
        content: 'Both are fine. Pick the one your team already knows; the tests matter more than the runner.',
      },
    ],
  },
  {
    author: 'lea',
    title: 'Sharing my new portfolio',
    content: 'I rebuilt my portfolio after the portfolio class. Feedback on the case studies is very welcome.',
    category: 'general',
    tags: ['portfolio', 'design'],
    likes: ['lucas', 'sofia'],
    replies: [],
  },
];
