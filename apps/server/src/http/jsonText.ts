/**
 * An answer whose JSON is already written (by the database, say): res.json sends the text as it is
 * (http/compressJson.ts) instead of serializing an object again. Anything else that serializes it, a log
 * line or plain res.json, gets the value the text stands for (toJSON).
 */
export class JsonText<T = unknown> {
  constructor(readonly text: string) {}

  /** The value the text stands for, as a new object. */
  value(): T {
    return JSON.parse(this.text) as T;
  }

  toJSON(): T {
    return this.value();
  }
}
