/**
 * A slice of 13 or more characters is a view that keeps the whole input chunk alive as long as the slice is kept
 * (and an unescaped value is a chain of such views); JSON.parse would have made a copy, so make one. Shorter slices
 * are copies already. Values that are only queued to be joined with others need no copy: the join makes one.
 */
export function ownCopy(slice: string): string {
  return slice.length < 13 ? slice : (' ' + slice).slice(1);
}
