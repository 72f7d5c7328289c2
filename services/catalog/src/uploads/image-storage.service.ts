import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { SERVICE_CONFIG } from '@shop/service-kit';
import { uploadDirOf, type CatalogConfig } from '../config.js';
import { SEED_FILES_DIR } from '../seed/seed-files.js';
import { IMAGE_FILE_NAME, imagePathOf, SAMPLE_IMAGE_FILE } from './image-files.js';

/**
 * The folder of the images the catalog serves at /uploads: uploaded images
 * under random names, and the shop's own images (the sample placeholder, the
 * demo catalog's pictures) copied in from the repository. Created at start.
 */
@Injectable()
export class ImageStorage implements OnModuleInit {
  private readonly logger = new Logger('ImageStorage');
  /** The absolute path of the folder. */
  readonly dir: string;
  private folder?: Promise<unknown>;

  constructor(@Inject(SERVICE_CONFIG) config: CatalogConfig) {
    this.dir = uploadDirOf(config);
  }

  async onModuleInit(): Promise<void> {
    await this.install(join(SEED_FILES_DIR, SAMPLE_IMAGE_FILE), SAMPLE_IMAGE_FILE);
  }

  /** Stores an uploaded image under a new random name and answers its public path. */
  async store(content: Buffer, extension: 'png' | 'jpg' | 'webp'): Promise<string> {
    const fileName = `${randomUUID()}.${extension}`;
    await this.ensureFolder();
    await writeFile(join(this.dir, fileName), content, { flag: 'wx', mode: 0o644 });
    this.logger.log(`stored ${fileName} (${content.length} bytes)`);
    return imagePathOf(fileName);
  }

  /**
   * Copies one of the shop's own images into the folder unless a file of that
   * name is there already, and answers its public path.
   */
  async install(source: string, fileName: string): Promise<string> {
    if (!IMAGE_FILE_NAME.test(fileName)) throw new Error(`not a servable image name: ${fileName}`);
    await this.ensureFolder();
    try {
      await copyFile(source, join(this.dir, fileName), constants.COPYFILE_EXCL);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    return imagePathOf(fileName);
  }

  private ensureFolder(): Promise<unknown> {
    this.folder ??= mkdir(this.dir, { recursive: true });
    return this.folder;
  }
}
