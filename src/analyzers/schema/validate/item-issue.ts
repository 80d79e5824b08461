/** One finding about an item: the property it concerns (a path such as `offers[0].price`, or null for the item) and what is wrong. */
export interface ItemIssue {
  property: string | null;
  message: string;
}

export interface ValidationIssues {
  errors: ItemIssue[];
  warnings: ItemIssue[];
}

/** A hostile page could hold thousands of mistakes; a report of this many is already long enough to act on. */
export const MAX_ISSUES_PER_ITEM = 50;

export function addIssue(list: ItemIssue[], property: string | null, message: string): void {
  if (list.length < MAX_ISSUES_PER_ITEM) list.push({ property, message });
}
