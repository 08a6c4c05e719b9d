/** What the speed layer of one session does: on or off (tests read every stream both ways), and what it counted. */
export interface FastSettings {
  /** False: every frame is read line by line and parsed with JSON.parse (the result is the same either way). */
  enabled: boolean;
  readonly counts: FastCounts;
}

export interface FastCounts {
  /** Frames built from a template or taken whole by the frame lane. */
  built: number;
  /** Templates learned. */
  learned: number;
  /** Frames parsed around a string the assembly already held. */
  knownStrings: number;
}

/** The speed layer on, nothing counted yet: one per session, so sessions never share a toggle or a count. */
export function defaultFastSettings(): FastSettings {
  return { enabled: true, counts: { built: 0, learned: 0, knownStrings: 0 } };
}
