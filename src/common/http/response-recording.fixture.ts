import type { Response } from 'express';

/** A stand-in Express response for controller specs: records the headers a handler sets. */
export function responseRecording(): { headers: Record<string, string>; response: Response } {
  const headers: Record<string, string> = {};
  const response = {
    set: (name: string, value: string) => ((headers[name] = value), response),
    setHeader: (name: string, value: string) => ((headers[name] = value), response),
    location: (value: string) => ((headers.Location = value), response),
  };
  return { headers, response: response as unknown as Response };
}
