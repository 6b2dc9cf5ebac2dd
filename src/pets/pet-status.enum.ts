export enum PetStatus {
  AVAILABLE = 'available',
  PENDING = 'pending',
  SOLD = 'sold',
}

export const PET_STATUSES: readonly PetStatus[] = Object.values(PetStatus);
