import type { IncomingMessage, Server, ServerResponse } from 'node:http';

const UNMET_EXPECTATION = Symbol('unmetExpectation');

/**
 * Node answers `Expect: 100-continue` with 100 Continue itself, before anything is checked, and any
 * other expectation with a bare 417. Both go to the application instead: the 100 is sent by
 * JsonBodyGuard once the key is checked and just before the body is read (so a request that is
 * refused never gets one), and an unknown expectation is answered 417 in the Error shape there, after
 * the key, with the request id and security headers every answer carries.
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

/** The message of the 417 for an Expect header asking for `expectation` (JsonBodyGuard; the OpenAPI document's example). */
export function unmetExpectationMessage(expectation: string): string {
  return `The Expect header asks for ${JSON.stringify(expectation)}; this server meets only 100-continue.`;
}

/** Whether the request carries an expectation other than 100-continue, which this server cannot meet (RFC 9110 10.1.1). */
export function hasUnmetExpectation(request: IncomingMessage): boolean {
  return (request as IncomingMessage & { [UNMET_EXPECTATION]?: true })[UNMET_EXPECTATION] === true;
}
