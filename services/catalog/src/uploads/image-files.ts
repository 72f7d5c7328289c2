/** The names the catalog stores and serves images under: no paths, no dots but the extension's. */
export const IMAGE_FILE_NAME = /^[a-z0-9-]+\.(png|jpe?g|webp|avif|svg)$/;

/** Where the catalog serves its images (the gateway proxies this prefix). */
export const IMAGES_ROUTE = 'uploads';

/** The public path of a stored image. */
export const imagePathOf = (fileName: string): string => `/${IMAGES_ROUTE}/${fileName}`;

/** The placeholder image of a freshly created sample product. */
export const SAMPLE_IMAGE_FILE = 'sample.svg';
export const SAMPLE_IMAGE_PATH = imagePathOf(SAMPLE_IMAGE_FILE);
