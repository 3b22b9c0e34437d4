/**
 * At most `max` of the elements `list` really holds, in index order: holes are skipped without
 * visiting them, so a sparse array of length 2^32 − 1 costs what it holds, not its length.
 * Reads through a throwing getter or Proxy trap end the list there.
 */
export function realElements(list: readonly unknown[], max: number): unknown[] {
  const out: unknown[] = [];
  try {
    const length = list.length;
    if (length <= max * 4) {
      for (let i = 0; i < length && out.length < max; i++) if (i in list) out.push(list[i]);
      return out;
    }
    // A long array (likely sparse): its own keys are its real indices, in ascending order.
    // eslint-disable-next-line @typescript-eslint/no-for-in-array -- holes skipped is the point
    for (const key in list) {
      if (out.length >= max) break;
      if (Object.hasOwn(list, key) && String(Number(key) >>> 0) === key)
        out.push(list[key as never]);
    }
  } catch {
    // What was read before the failure is what there is.
  }
  return out;
}
