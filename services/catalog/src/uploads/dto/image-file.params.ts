import { ApiProperty } from '@nestjs/swagger';
import { Matches, MaxLength } from 'class-validator';
import { IMAGE_FILE_NAME } from '../image-files.js';

/** An image name in a path: lowercase letters, digits and dashes, then the extension; never a path. */
export class ImageFileParams {
  @ApiProperty({ pattern: IMAGE_FILE_NAME.source, example: '3f2a9c1e-7b4d-4e8a-9f0b-2c6d8e1a5b7c.png' })
  @MaxLength(100, { message: 'file must be an image name such as 3f2a9c1e.png' })
  @Matches(IMAGE_FILE_NAME, { message: 'file must be an image name such as 3f2a9c1e.png' })
  file: string;
}
