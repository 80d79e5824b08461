import type { EligibilityEntry, EligibilityReason, RuleTexts } from "../record-schema.ts";
import type { FeatureVerdict } from "./eligibility.ts";

/**
 * The texts of the rich-result rules one record used, each written once. A verdict's reasons, note,
 * status and documentation are the rule's words, the same for every item it judges: on a page of 5,000
 * minimal Products they were 3.8 KB of each item's eligibility, a 19 MB record from a 174 KB page.
 * Items keep their verdict and the positions of their reasons here (`reasonRefs`).
 */
export class RuleTextsTable {
  private readonly rules: Record<string, RuleTexts> = {};
  /** Per rule: a reason's key → its position in that rule's `reasons`. */
  private readonly positions = new Map<string, Map<string, number>>();

  /** The verdict as an item stores it, and the characters of rule text it added to the table (what the record grows by besides the item itself). */
  entry(verdict: FeatureVerdict): { entry: EligibilityEntry; addedChars: number } {
    let addedChars = 0;
    let rule = this.rules[verdict.rule];
    let positions = this.positions.get(verdict.rule);
    if (!rule || !positions) {
      const texts: RuleTexts = {
        feature: verdict.feature,
        ...(verdict.note ? { note: verdict.note } : {}),
        status: verdict.status,
        documentation: verdict.documentation,
        checked: verdict.checked,
        reasons: [],
      };
      addedChars += JSON.stringify(texts).length + verdict.rule.length + 4;
      rule = texts;
      positions = new Map();
      this.rules[verdict.rule] = rule;
      this.positions.set(verdict.rule, positions);
    }
    const reasonRefs: number[] = [];
    for (const reason of verdict.reasons) {
      const key = reasonKey(reason);
      let position = positions.get(key);
      if (position === undefined) {
        position = rule.reasons.length;
        const copy: EligibilityReason = { level: reason.level, property: reason.property, check: reason.check, message: reason.message };
        addedChars += JSON.stringify(copy).length + 1;
        rule.reasons.push(copy);
        positions.set(key, position);
      }
      reasonRefs.push(position);
    }
    const entry: EligibilityEntry = {
      rule: verdict.rule,
      feature: verdict.feature,
      verdict: verdict.verdict,
      eligible: verdict.eligible,
      missingRequired: verdict.missingRequired,
      missingRecommended: verdict.missingRecommended,
      reasonRefs,
    };
    return { entry, addedChars };
  }

  /** The table as the record stores it (`result.rules`). */
  texts(): Record<string, RuleTexts> {
    return this.rules;
  }
}

function reasonKey(reason: EligibilityReason): string {
  return `${reason.level}\u0000${reason.property ?? "\u0001"}\u0000${reason.check}\u0000${reason.message}`;
}
