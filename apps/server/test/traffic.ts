import { randomBytes } from 'node:crypto';

// Concurrent API traffic for fault tests (a database stopped, a process killed): reads and the
// writes that put several rows in one transaction (registration with its session, enrolment, replies
// and new discussions with their notifications, likes with their grouped notification, a class
// deletion cascading to its enrolments, discussions and notifications). It records every answer and
// every write the server acknowledged, for test/integrity.ts to check against the database.

export const TRAFFIC_ADMIN = { email: 'root@example.test', password: 'admin password 1' };

export interface Answer {
  op: string;
  phase: string;
  /** 0 when there was no HTTP answer at all (connection refused or cut). */
  status: number;
  body: unknown;
  /** The answer was not JSON (or not the API's error shape when it is an error). */
  malformed: boolean;
}

export interface Acknowledged {
  registered: string[];
  /** `classId/userId` */
  enrolled: string[];
  /** `postId/userId` */
  liked: string[];
  replies: string[];
  discussions: string[];
  posts: string[];
  postReplies: string[];
  deletedClasses: string[];
}

interface Person {
  _id: string;
  token: string;
}

interface World {
  admin: Person;
  keptClasses: string[];
  doomedClasses: string[];
  members: Person[];
  discussionId: string;
  postId: string;
}

async function request(
  base: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: unknown; malformed: boolean }> {
  let res: Response;
  try {
    res = await fetch(`${base}${url}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(60_000),
    });
  } catch {
    return { status: 0, body: undefined, malformed: false };
  }
  let text = '';
  try {
    text = await res.text();
  } catch {
    return { status: 0, body: undefined, malformed: false };
  }
  try {
    const body: unknown = text ? JSON.parse(text) : undefined;
    const isError = res.status >= 400;
    const shaped = !isError || typeof (body as { message?: unknown } | undefined)?.message === 'string';
    return { status: res.status, body, malformed: !shaped };
  } catch {
    return { status: res.status, body: text.slice(0, 200), malformed: true };
  }
}

/** Fails the seeding loudly: it runs before any fault. */
async function must<T>(base: string, method: string, url: string, options: { token?: string; body?: unknown } = {}) {
  const res = await request(base, method, url, options);
  if (res.status < 200 || res.status >= 300) {
    throw new Error(`${method} ${url} answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
  return res.body as T;
}

const CLASS = {
  description: 'A class for fault tests.',
  category: 'programming',
  contentType: 'live',
  contentUrl: '',
};

export class Traffic {
  readonly answers: Answer[] = [];
  readonly ack: Acknowledged = {
    registered: [],
    enrolled: [],
    liked: [],
    replies: [],
    discussions: [],
    posts: [],
    postReplies: [],
    deletedClasses: [],
  };
  /** Label of the answers from now on (e.g. before, outage, after). */
  phase = 'before';
  private readonly run = randomBytes(3).toString('hex');
  private counter = 0;
  private running = false;
  private workers: Promise<void>[] = [];
  private readonly toEnrol: Person[] = [];
  private readonly toLike: Person[] = [];
  /**
   * How many learners enrol and like leave waiting (they register someone instead), for a later phase:
   * during an outage nobody registers, so an enrol or a like then needs a learner kept from before.
   */
  keep = 0;

  /** The fewer of the learners waiting to enrol and to like. */
  get waiting(): number {
    return Math.min(this.toEnrol.length, this.toLike.length);
  }

  private take(queue: Person[]): Person | undefined {
    return queue.length > this.keep ? queue.shift() : undefined;
  }
  private readonly toDelete: string[];

  private constructor(
    /** The server the traffic goes to; a test that restarts it points this at the new one. */
    public base: string,
    private readonly world: World,
  ) {
    this.toDelete = [...world.doomedClasses];
  }

  /**
   * Through the API of a server started with TRAFFIC_ADMIN as ADMIN_EMAIL/ADMIN_PASSWORD (or another
   * admin's sign-in): a verified
   * mentor with two classes that stay and six to delete (each with enrolments and a discussion with a
   * reply), four learners enrolled in the first, one discussion there and one community post.
   */
  static async seed(base: string, adminLogin: { email: string; password: string } = TRAFFIC_ADMIN): Promise<Traffic> {
    const tag = randomBytes(3).toString('hex');
    const register = (who: string, role = 'learner') =>
      must<Person>(base, 'POST', '/api/auth/register', {
        body: { name: who, email: `${who}-${tag}@example.test`, password: 'long enough pw', role },
      });
    const admin = await must<Person>(base, 'POST', '/api/auth/login', { body: adminLogin });
    const mentor = await register('mentor', 'mentor');
    await must(base, 'PUT', `/api/admin/verify-mentor/${mentor._id}`, { token: admin.token });
    const newClass = async (title: string) =>
      (await must<{ _id: string }>(base, 'POST', '/api/classes', { token: mentor.token, body: { ...CLASS, title } }))
        ._id;
    const keptClasses = [await newClass('Kept one'), await newClass('Kept two')];
    const members: Person[] = [];
    for (let i = 0; i < 4; i++) {
      const learner = await register(`member${i}`);
      await must(base, 'POST', `/api/classes/${keptClasses[0]}/enroll`, { token: learner.token });
      members.push(learner);
    }
    const [first, second] = members as [Person, Person];
    const discussion = await must<{ _id: string }>(base, 'POST', '/api/discussions', {
      token: first.token,
      body: { title: 'Faults', content: 'What survives a crash?', classId: keptClasses[0] },
    });
    const doomedClasses: string[] = [];
    for (let i = 0; i < 6; i++) {
      const id = await newClass(`Doomed ${i}`);
      for (const m of [first, second]) await must(base, 'POST', `/api/classes/${id}/enroll`, { token: m.token });
      const d = await must<{ _id: string }>(base, 'POST', '/api/discussions', {
        token: first.token,
        body: { title: `Doomed talk ${i}`, content: 'Soon gone.', classId: id },
      });
      await must(base, 'POST', `/api/discussions/${d._id}/replies`, {
        token: second.token,
        body: { content: 'Gone.' },
      });
      doomedClasses.push(id);
    }
    const post = await must<{ _id: string }>(base, 'POST', '/api/community', {
      token: second.token,
      body: { title: 'Crash stories', content: 'Tell me about your outages.', category: 'general', tags: [] },
    });
    return new Traffic(base, {
      admin,
      keptClasses,
      doomedClasses,
      members,
      discussionId: discussion._id,
      postId: post._id,
    });
  }

  /** Starts `workers` loops, each sending one request after another. */
  start(workers: number): void {
    this.running = true;
    for (let i = 0; i < workers; i++) this.workers.push(this.loop());
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.workers);
    this.workers = [];
  }

  /** Answers so far, optionally of one phase. */
  of(phase?: string): Answer[] {
    return phase ? this.answers.filter((a) => a.phase === phase) : this.answers;
  }

  /** Waits (bounded) until the condition holds, e.g. enough answers of a phase. */
  async until(condition: () => boolean, what: string, timeoutMs = 120_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; answers so far: ${this.summary()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Counts of answers by phase, operation and status, e.g. `outage register 503: 12`. */
  summary(): string {
    const counts = new Map<string, number>();
    for (const a of this.answers) {
      const key = `${a.phase} ${a.op} ${a.status}${a.malformed ? ' (malformed)' : ''}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return [...counts].map(([k, v]) => `${k}: ${v}`).join(', ');
  }

  private async loop(): Promise<void> {
    while (this.running) await this.next();
  }

  /** A fixed mix, in turn: roughly a third reads, the rest writes of several rows. */
  private async next(): Promise<void> {
    const n = ++this.counter;
    const ops = [
      'register',
      'read',
      'reply',
      'enrol',
      'like',
      'read',
      'discussion',
      'postReply',
      'read',
      'post',
      'deleteClass',
      'register',
    ] as const;
    const op = ops[n % ops.length] as (typeof ops)[number];
    await this[op](n);
  }

  private async record(op: string, method: string, url: string, options: { token?: string; body?: unknown } = {}) {
    const phase = this.phase;
    const res = await request(this.base, method, url, options);
    this.answers.push({ op, phase, ...res });
    return res;
  }

  private ok = (status: number) => status >= 200 && status < 300;

  private member(n: number): Person {
    return this.world.members[n % this.world.members.length] as Person;
  }

  private async register(n: number): Promise<void> {
    const email = `t${n}-${this.run}@example.test`;
    const res = await this.record('register', 'POST', '/api/auth/register', {
      body: { name: `Traffic ${n}`, email, password: 'long enough pw', role: 'learner' },
    });
    if (!this.ok(res.status)) return;
    this.ack.registered.push(email);
    const person = res.body as Person;
    this.toEnrol.push(person);
    this.toLike.push(person);
  }

  private async read(n: number): Promise<void> {
    const token = this.member(n).token;
    const urls = ['/api/classes?limit=20', `/api/discussions/${this.world.discussionId}`, '/api/community?limit=10'];
    await this.record('read', 'GET', urls[n % urls.length] as string, { token });
  }

  private async reply(n: number): Promise<void> {
    const content = `reply ${n} ${this.run}`;
    const res = await this.record('reply', 'POST', `/api/discussions/${this.world.discussionId}/replies`, {
      token: this.member(n).token,
      body: { content },
    });
    if (this.ok(res.status)) this.ack.replies.push(content);
  }

  private async enrol(n: number): Promise<void> {
    const learner = this.take(this.toEnrol);
    if (!learner) return this.register(n);
    const classId = this.world.keptClasses[n % this.world.keptClasses.length] as string;
    const res = await this.record('enrol', 'POST', `/api/classes/${classId}/enroll`, { token: learner.token });
    if (this.ok(res.status)) this.ack.enrolled.push(`${classId}/${learner._id}`);
  }

  private async like(n: number): Promise<void> {
    const learner = this.take(this.toLike);
    if (!learner) return this.register(n);
    const res = await this.record('like', 'POST', `/api/community/${this.world.postId}/like`, { token: learner.token });
    if (this.ok(res.status)) this.ack.liked.push(`${this.world.postId}/${learner._id}`);
  }

  private async discussion(n: number): Promise<void> {
    const title = `talk ${n} ${this.run}`;
    const res = await this.record('discussion', 'POST', '/api/discussions', {
      token: this.member(n).token,
      body: { title, content: 'A new thread.', classId: this.world.keptClasses[0] },
    });
    if (this.ok(res.status)) this.ack.discussions.push(title);
  }

  private async post(n: number): Promise<void> {
    const title = `post ${n} ${this.run}`;
    const res = await this.record('post', 'POST', '/api/community', {
      token: this.member(n).token,
      body: { title, content: 'Still here.', category: 'general', tags: ['faults'] },
    });
    if (this.ok(res.status)) this.ack.posts.push(title);
  }

  private async postReply(n: number): Promise<void> {
    const content = `post reply ${n} ${this.run}`;
    const res = await this.record('postReply', 'POST', `/api/community/${this.world.postId}/replies`, {
      token: this.member(n).token,
      body: { content },
    });
    if (this.ok(res.status)) this.ack.postReplies.push(content);
  }

  /** Each doomed class once (never again: one whose answer was lost may be gone, and would answer 404). */
  private async deleteClass(n: number): Promise<void> {
    const id = this.toDelete.shift();
    if (!id) return this.read(n);
    const res = await this.record('deleteClass', 'DELETE', `/api/classes/${id}`, { token: this.world.admin.token });
    if (this.ok(res.status)) this.ack.deletedClasses.push(id);
  }
}
