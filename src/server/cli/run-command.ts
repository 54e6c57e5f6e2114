/** What a command answers: its process exit code (0 done) and what it says. */
export interface CommandOutcome {
  code: number;
  message: string;
}

/**
 * Runs an `npm run` command to its end: prints what it says (on stdout when its code is 0, on
 * stderr when not) and exits with its code; an error it did not expect is printed and exits 1.
 */
export function runCommand(command: () => Promise<CommandOutcome>): void {
  command().then(
    ({ code, message }) => {
      (code === 0 ? console.log : console.error)(message);
      process.exit(code);
    },
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
