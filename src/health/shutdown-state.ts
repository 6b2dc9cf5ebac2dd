import { Injectable } from '@nestjs/common';

/** Set when a graceful shutdown begins, so /readyz tells load balancers to stop sending traffic. */
@Injectable()
export class ShutdownState {
  private draining = false;

  startDraining(): void {
    this.draining = true;
  }

  get isDraining(): boolean {
    return this.draining;
  }
}
