import { readFileSync, statSync } from 'node:fs';

/**
 * A file read again only when it changes (its size or time). `read` answers undefined for a file that
 * is missing, unreadable or that `parse` refuses (throws); a parse that answers a fallback instead is
 * kept like any value, so a broken file is parsed (and reported) once, not at every read.
 */
export class FileCache<T> {
  private readonly entries = new Map<string, { stamp: string; value: T }>();

  constructor(private readonly parse: (text: string) => T) {}

  read(path: string): T | undefined {
    try {
      const stat = statSync(path);
      const stamp = `${stat.size}:${stat.mtimeMs}`;
      const cached = this.entries.get(path);
      if (cached?.stamp === stamp) return cached.value;
      const value = this.parse(readFileSync(path, 'utf8'));
      this.entries.set(path, { stamp, value });
      return value;
    } catch {
      return undefined;
    }
  }
}
