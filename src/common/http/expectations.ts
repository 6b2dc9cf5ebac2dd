import type { IncomingMessage, Server, ServerResponse } from 'node:http';

const UNMET_EXPECTATION = Symbol('unmetExpectation');

/** Expect is the application's: 100 Continue just before the body is read, else 417. */
export function answerExpectationsInTheApp(server: Server): void {
  server.on('checkContinue', (request: IncomingMessage, response: ServerResponse) =>
    server.emit('request', request, response),
  );
  server.on('checkExpectation', (request: IncomingMessage, response: ServerResponse) => {
    (request as IncomingMessage & { [UNMET_EXPECTATION]?: true })[UNMET_EXPECTATION] = true;
    server.emit('request', request, response);
  });
}

/** The message of the 417 for an Expect header asking for `expectation`. */
export function unmetExpectationMessage(expectation: string): string {
  return `The Expect header asks for ${JSON.stringify(expectation)}; this server meets only 100-continue.`;
}

/** Whether the request expects more than 100-continue, which this server cannot meet. */
export function hasUnmetExpectation(request: IncomingMessage): boolean {
  return (request as IncomingMessage & { [UNMET_EXPECTATION]?: true })[UNMET_EXPECTATION] === true;
}
