/**
 * What Platter's command-line tools (`migrate`, `seed`, `admin`) share. A command returns its exit
 * code and the text to print instead of printing and exiting itself, so tests call it as a function;
 * `runAsScript` is the one place that prints and exits.
 */
import { type Config, ConfigError, loadConfig } from '../config.js';

/** A command's outcome: code 0 done, 1 failed (`output` says why), 2 wrong usage. */
export interface CommandResult {
  code: number;
  output: string;
}

/** An error class whose instances a command reports as a failure (code 1, its message) rather than a crash. */
type ExpectedError = abstract new (...args: never[]) => Error;

/**
 * Loads the configuration from `env` and runs `command` with it. An invalid configuration, and an
 * error of one of the `expected` classes thrown by the command, end as code 1 with their message;
 * any other error is thrown on.
 */
export async function withConfig(
  env: NodeJS.ProcessEnv,
  command: (config: Config) => Promise<CommandResult>,
  expected: readonly ExpectedError[] = [],
): Promise<CommandResult> {
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return { code: 1, output: error.message };
    throw error;
  }
  try {
    return await command(config);
  } catch (error) {
    if (expected.some((type) => error instanceof type)) return { code: 1, output: (error as Error).message };
    throw error;
  }
}

/**
 * Runs `command` when the module at `moduleUrl` is the script node was started with (not when a
 * test imports it): prints its output (to stderr on failure) and exits with its code; an unexpected
 * error is printed as `<name> failed:` and exits with 1.
 */
export function runAsScript(moduleUrl: string, name: string, command: () => Promise<CommandResult>): void {
  if (moduleUrl !== `file://${process.argv[1]}`) return;
  command().then(
    ({ code, output }) => {
      (code === 0 ? console.log : console.error)(output);
      process.exit(code);
    },
    (error: unknown) => {
      console.error(`${name} failed:`, error);
      process.exit(1);
    },
  );
}
