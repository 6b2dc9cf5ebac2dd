import { lookup } from 'node:dns/promises';
import { Injectable } from '@nestjs/common';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Names to addresses, as the operating system resolves them; a test may stand in for it. */
@Injectable()
export class WebhookResolver {
  async resolve(hostname: string): Promise<ResolvedAddress[]> {
    const found = await lookup(hostname, { all: true, order: 'verbatim' });
    return found.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
  }
}
