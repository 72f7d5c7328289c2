/** compressible 2 ships no types: true when mime-db (or the type's form) says a type compresses well. */
declare module 'compressible' {
  export default function compressible(type: string): boolean | undefined;
}
