/**
 * A derivation declared once and computed once per input object, however many readers ask: Lighthouse's
 * `makeComputedArtifact` (core/computed/computed-artifact.js), keyed as it is by what the derivation reads.
 * The input is the key, held weakly, so a scan's results go with its artifacts; inputs are never changed
 * once made, which is what makes this safe. Arguments after the input must follow from it (a page object
 * and its HTML): only the input is the key. Fixed arities, as a rest parameter would allocate every call.
 */
export function computed<Input extends object, Output>(derive: (input: Input) => Output): (input: Input) => Output;
export function computed<Input extends object, A, Output>(derive: (input: Input, a: A) => Output): (input: Input, a: A) => Output;
export function computed<Input extends object, A, B, Output>(derive: (input: Input, a: A, b: B) => Output): (input: Input, a: A, b: B) => Output;
export function computed<Input extends object, A, B, Output>(derive: (input: Input, a: A, b: B) => Output): (input: Input, a: A, b: B) => Output {
  const results = new WeakMap<Input, Output>();
  return (input, a, b) => {
    let output = results.get(input);
    if (output === undefined && !results.has(input)) {
      output = derive(input, a, b);
      results.set(input, output);
    }
    return output as Output;
  };
}
