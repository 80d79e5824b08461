export type Grade = "A" | "B" | "C" | "D" | "F";

/** Lowest score of each grade, best first. */
const GRADES: readonly { grade: Grade; minimum: number; word: string; label: string }[] = [
  { grade: "A", minimum: 90, word: "Excellent", label: "Excellent: AI assistants can reach, read and cite this site" },
  { grade: "B", minimum: 75, word: "Good", label: "Good: AI assistants can use this site, with a few gaps to close" },
  { grade: "C", minimum: 60, word: "Fair", label: "Fair: AI assistants can reach this site but miss part of it" },
  { grade: "D", minimum: 40, word: "Poor", label: "Poor: AI assistants struggle to read and cite this site" },
  { grade: "F", minimum: 0, word: "Failing", label: "Failing: AI assistants can barely see this site, if at all" },
];

export function gradeFor(score: number): { grade: Grade; label: string } {
  const match = entryFor(score);
  return { grade: match.grade, label: match.label };
}

/** The label when a gate holds: the grade's word and why it is capped, never "AI assistants can use this site". */
export function gatedLabel(score: number, sentence: string): string {
  const { grade, word } = entryFor(score);
  const reason = sentence.charAt(0).toUpperCase() + sentence.slice(1);
  return grade === "A" || grade === "B" ? `${word}, but ${sentence}` : `${word}: ${reason}`;
}

function entryFor(score: number) {
  return GRADES.find((entry) => score >= entry.minimum) ?? GRADES[GRADES.length - 1]!;
}
