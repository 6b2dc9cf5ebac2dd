import type { IncomingMessage, Server, ServerResponse } from 'node:http';

const UNMET_EXPECTATION = Symbol('unmetExpectation');

/**
 * Expect goes to the application instead of Node: JsonBodyGuard sends 100 Continue just before it
 * reads the body (so a refused request never gets one) and answers other expectations 417.
 */
export function answerExpectationsInTheApp(server: Server): void {
  server.on('checkContinue', (request: IncomingMessage, response: ServerResponse) =>
    server.emit('request', request, response),
  );
  server.on('checkExpectation', (request: IncomingMessage, response: ServerResponse) => {
    (request as IncomingMessage & { [UNMET_EXPECTATION]?: true })[UNMET_EXPECTATION] = true;
    server.emit('request', request, response);
  });
}

/**
 * The message of the 417 for an Expect header asking for `expectation` (JsonBodyGuard; the OpenAPI
 * document's example).
 */
export function unmetExpectationMessage(expectation: string): string {
  return `The Expect header asks for ${JSON.stringify(expectation)}; this server meets only 100-continue.`;
}

/**
 * Whether the request carries an expectation other than 100-continue, which this server cannot meet
 * (RFC 9110 10.1.1).
 */
export function hasUnmetExpectation(request: IncomingMessage): boolean {
  return (request as IncomingMessage & { [UNMET_EXPECTATION]?: true })[UNMET_EXPECTATION] === true;
}
