import type { DataSource } from 'typeorm';
import type { ImageStore, StoredImage } from './image-store.js';

/** Images in the catalog database's `stored_image` table (at most 5 MB each, the upload limit). */
export class DatabaseImageStore implements ImageStore {
  readonly description = 'the catalog database';

  constructor(private readonly dataSource: DataSource) {}

  async check(): Promise<void> {
    await this.dataSource.query('SELECT 1 FROM stored_image LIMIT 1');
  }

  async put(name: string, { contentType, content }: StoredImage): Promise<void> {
    await this.dataSource.query(`INSERT INTO stored_image (name, content_type, content) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING`, [
      name,
      contentType,
      content,
    ]);
  }

  async get(name: string): Promise<StoredImage | undefined> {
    const [row]: { content_type: string; content: Buffer }[] = await this.dataSource.query(`SELECT content_type, content FROM stored_image WHERE name = $1`, [name]);
    return row ? { contentType: row.content_type, content: row.content } : undefined;
  }

  async has(names: string[]): Promise<Set<string>> {
    const rows: { name: string }[] = await this.dataSource.query(`SELECT name FROM stored_image WHERE name = ANY($1::text[])`, [names]);
    return new Set(rows.map((row) => row.name));
  }
}
