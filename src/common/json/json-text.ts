/** A response body already serialised, for hot paths with a dedicated writer; sent as it is. */
export class JsonText {
  constructor(readonly text: string) {}
}
