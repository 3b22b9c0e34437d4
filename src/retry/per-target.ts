/**
 * One value per target in this process (a rate breaker, a bulkhead), made on first use. At most
 * `maxTargets` are kept: the oldest that may be forgotten goes first, so targets named after
 * URLs or users cannot grow it without bound.
 * @internal
 */
export class PerTarget<V, P> {
  readonly #targets = new Map<string, V>();
  readonly #make: (policy: P) => V;
  readonly #mayForget: (value: V) => boolean;
  readonly #maxTargets: number;

  constructor(make: (policy: P) => V, mayForget: (value: V) => boolean, maxTargets = 10_000) {
    this.#make = make;
    this.#mayForget = mayForget;
    this.#maxTargets = maxTargets;
  }

  /** The target's value, made from `policy` on first use. */
  of(target: string, policy: P): V {
    let value = this.#targets.get(target);
    if (value === undefined) {
      if (this.#targets.size >= this.#maxTargets) this.#forgetOne();
      value = this.#make(policy);
      this.#targets.set(target, value);
    }
    return value;
  }

  #forgetOne(): void {
    for (const [target, value] of this.#targets) {
      if (this.#mayForget(value)) {
        this.#targets.delete(target);
        return;
      }
    }
  }
}
