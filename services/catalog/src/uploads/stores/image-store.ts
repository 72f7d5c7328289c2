/** An image as the catalog keeps and serves it. */
export interface StoredImage {
  contentType: string;
  content: Buffer;
}

/**
 * Where the catalog's images live, shared by every replica: the catalog database (the default) or an
 * S3-compatible bucket (IMAGE_BUCKET). Names never change content: `put` of a name already there
 * leaves the first image in place, so two replicas installing the same seed image agree.
 */
export interface ImageStore {
  /** Where the images are, for the logs: "the catalog database", "bucket shop-images". */
  readonly description: string;
  /** Checks that the store is reachable and usable; throws with a message an operator can act on. */
  check(): Promise<void>;
  put(name: string, image: StoredImage): Promise<void>;
  get(name: string): Promise<StoredImage | undefined>;
  /** Which of `names` the store has. */
  has(names: string[]): Promise<Set<string>>;
}

export const IMAGE_STORE = Symbol('IMAGE_STORE');
