export type Grade = "A" | "B" | "C" | "D" | "F";

/** Lowest score of each grade, best first. */
const GRADES: readonly { grade: Grade; minimum: number; label: string }[] = [
  { grade: "A", minimum: 90, label: "Excellent: AI assistants can reach, read and cite this site" },
  { grade: "B", minimum: 75, label: "Good: AI assistants can use this site, with a few gaps to close" },
  { grade: "C", minimum: 60, label: "Fair: AI assistants can reach this site but miss part of it" },
  { grade: "D", minimum: 40, label: "Poor: AI assistants struggle to read and cite this site" },
  { grade: "F", minimum: 0, label: "Failing: AI assistants can barely see this site, if at all" },
];

export function gradeFor(score: number): { grade: Grade; label: string } {
  const match = GRADES.find((entry) => score >= entry.minimum) ?? GRADES[GRADES.length - 1]!;
  return { grade: match.grade, label: match.label };
}
