/** An unusable configuration value; the message names the variable and what is allowed. */
export class ConfigValidationError extends Error {
  constructor(variable: string, problem: string) {
    super(`${variable} ${problem}`);
    this.name = 'ConfigValidationError';
  }
}
