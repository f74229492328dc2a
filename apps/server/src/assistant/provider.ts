import type { AssistantStatus, ClassCategory, ClassStatus, CommunityCategory, Role } from '@mentora/contract';

// One interface for both assistants. The route picks nothing: the provider is chosen once, from the
// configuration (GEMINI_API_KEY set: Gemini; otherwise the offline assistant), and the same context
// builder feeds both.

/** A class as the assistant may mention it: enough to name it, link it and say why it fits. */
export interface ClassBrief {
  id: string;
  title: string;
  category: ClassCategory;
  status: ClassStatus;
  mentorName: string;
  rating: number | null;
  reviewCount: number;
  studentCount: number;
  /** The start of its description. */
  excerpt: string;
  link: string;
}

export interface DiscussionBrief {
  id: string;
  title: string;
  classId: string;
  classTitle: string;
  authorName: string;
  replyCount: number;
  excerpt: string;
  createdAt: Date;
  link: string;
}

export interface PostBrief {
  id: string;
  title: string;
  category: CommunityCategory;
  authorName: string;
  excerpt: string;
  link: string;
}

/** A scheduled session of one of the asker's classes, not cancelled and not yet ended. */
export interface SessionBrief {
  id: string;
  /** As the mentor titled it; empty when they did not. */
  title: string;
  classId: string;
  classTitle: string;
  startsAt: Date;
  durationMinutes: number;
  /** The class page, where the session is joined. */
  link: string;
}

/**
 * What the platform knows that is relevant to one question, limited to what the asker may see: public
 * classes and community posts, discussions only of classes they are enrolled in or mentor, and never
 * anyone's email address.
 */
export interface AssistantContext {
  asker: { id: string; name: string; role: Role };
  enrolled: ClassBrief[];
  created: ClassBrief[];
  /** The next sessions of their classes (enrolled in or mentoring), soonest first. */
  sessions: SessionBrief[];
  /** When the question was asked, and the asker's time zone: times in answers are given in it. */
  now: Date;
  timeZone: string;
  /** The words of the question the full-text search used (empty: nothing searchable). */
  terms: string[];
  matches: { classes: ClassBrief[]; discussions: DiscussionBrief[]; posts: PostBrief[] };
}

export interface Turn {
  role: 'user' | 'assistant';
  content: string;
}

export interface AssistantQuestion {
  message: string;
  context: AssistantContext;
  /** The asker's most recent turns, oldest first, not including this question. */
  history: Turn[];
}

export interface AssistantProvider {
  readonly name: AssistantStatus['provider'];
  /** The model answering, for Gemini. */
  readonly model?: string;
  answer(question: AssistantQuestion, signal?: AbortSignal): Promise<string>;
  /** The answer in pieces as they are produced; joined they are the whole answer. */
  stream(question: AssistantQuestion, signal?: AbortSignal): AsyncIterable<string>;
}

/**
 * The provider could not answer: it took too long ('timeout') or failed ('unavailable'). Carries no
 * upstream body: what reaches the client or the log is the kind and, at most, the upstream status.
 */
export class AssistantFailure extends Error {
  constructor(
    readonly kind: 'timeout' | 'unavailable',
    readonly upstreamStatus?: number,
  ) {
    super(kind === 'timeout' ? 'assistant provider timed out' : 'assistant provider failed');
    this.name = 'AssistantFailure';
  }

  /** Worth one more try: the provider was busy (429) or failed on its side (5xx). */
  get retryable(): boolean {
    return this.upstreamStatus !== undefined && (this.upstreamStatus === 429 || this.upstreamStatus >= 500);
  }
}

/** The asker went away (closed the connection) before the answer was complete. */
export class AssistantAborted extends Error {
  constructor() {
    super('assistant request aborted');
    this.name = 'AssistantAborted';
  }
}
