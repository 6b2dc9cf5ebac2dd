/** The time validation judges the future from: the service's Clock, set by AppValidationPipe. */
let validatingAt: number | undefined;

/** Runs `validate` with `now` as the validation's time. */
export function validateAt<T>(now: number, validate: () => T): T {
  const before = validatingAt;
  validatingAt = now;
  try {
    return validate();
  } finally {
    validatingAt = before;
  }
}

/** The running validation's time; outside one (a spec calling class-validator itself), Date.now(). */
export function validationNow(): number {
  return validatingAt ?? Date.now();
}
