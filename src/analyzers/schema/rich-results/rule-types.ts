/**
 * The shape of Google's rich-result rules, kept as data: one `FeatureRule` per search feature
 * (rules/<feature>.ts), each with the properties Google documents as required and recommended, the
 * nested rules for the items inside (an Offer's price, a ListItem's position), the page it was read
 * from and the day it was last checked against that page.
 *
 * A `Check` is one of:
 * - a property name (`"name"`): present and not empty;
 * - a `PropertyCheck`: present, and every value meets the nested rule in `each`;
 * - an `AnyOfCheck`: at least one of the alternatives holds (`review` or `aggregateRating` or `offers`);
 * - a `PredicateCheck`: a named predicate from predicates.ts holds (at least two ListItems).
 */

import type { PredicateName } from "./predicates.ts";

export type Check = string | PropertyCheck | AnyOfCheck | PredicateCheck;

export interface PropertyCheck {
  readonly property: string;
  /** The rule every value must meet; a list picks the rule by the value's type (first match, then the untyped entry). */
  readonly each?: NestedRule;
  /** A plain text or URL value is accepted in place of a node (an `image` URL, a breadcrumb `item` URL). */
  readonly textAllowed?: boolean;
  /** Not needed, but when present its values must meet `each` (a product's offers when it has a review instead). */
  readonly whenPresent?: boolean;
  /** What the property should hold, said to the user when it is missing. */
  readonly advice?: string;
}

export interface AnyOfCheck {
  readonly anyOf: readonly (string | PropertyCheck)[];
  readonly advice?: string;
}

export interface PredicateCheck {
  readonly holds: PredicateName;
  /** The property the predicate is about, for the report; null when it is about the node as a whole. */
  readonly property: string | null;
  /** A short noun phrase for lists of what is missing, e.g. "at least two ListItems". */
  readonly label: string;
  /** The whole sentence shown when the predicate fails: what is wrong and what to add. */
  readonly advice: string;
}

export interface NodeRule {
  readonly required?: readonly Check[];
  readonly recommended?: readonly Check[];
}

export interface TypedNodeRule {
  /** The rule applies to values of these types (or subtypes); the entry without types applies to the rest. */
  readonly types?: readonly string[];
  readonly rule: NodeRule;
}

export type NestedRule = NodeRule | readonly TypedNodeRule[];

/** Whether Google shows the feature today. */
export type FeatureStatus =
  | { readonly state: "active" }
  | { readonly state: "limited"; readonly to: string }
  | { readonly state: "deprecated"; readonly since: string; readonly message: string };

export interface FeatureRule extends NodeRule {
  /** Stable kebab-case id, the name of the rule's file. */
  readonly id: string;
  /** The feature's name in Google's search gallery. */
  readonly feature: string;
  /** The rule applies to top-level items of these schema.org types or their subtypes, as Google's page for the feature lists them. */
  readonly types: readonly string[];
  /**
   * Subtypes of `types` that Google's documentation sends to another feature, so that schema.org's
   * inheritance alone does not make them eligible here: a BlogPosting is a SocialMediaPosting in
   * schema.org, yet Google's Discussion forum feature is for forum and social posts, and its Article page
   * names BlogPosting. `unless` keeps subtypes of an excluded type that the feature's page names itself.
   */
  readonly except?: { readonly types: readonly string[]; readonly unless?: readonly string[]; readonly why: string };
  /** Narrows `types`: the rule applies only when the item has this property, or the predicate holds. */
  readonly appliesWhen?: { readonly hasProperty: string } | { readonly holds: PredicateName };
  /** Google's documentation of the feature (or of its retirement). */
  readonly documentation: string;
  /** The day the rule was last compared with that documentation, YYYY-MM-DD. */
  readonly checked: string;
  readonly status: FeatureStatus;
  /** A caveat Google documents beyond the properties (page-level conditions the judge cannot see). */
  readonly note?: string;
}

/** Google Search Central's structured-data documentation; every feature page lives under it. */
export const GOOGLE_DOCS = "https://developers.google.com/search/docs/appearance/structured-data";
