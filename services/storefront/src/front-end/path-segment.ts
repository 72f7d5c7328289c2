/** A part of a path as the client sent it, percent-decoded; undefined when it is no valid percent-encoding. */
export function decodedPathSegment(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
