import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { shippingAddresses } from '../../db/schema/index.js';

/** A member's one shipping address (spec §3), as stored; the membership module validates and shows it. */
export interface ShippingAddressRow {
  proId: number;
  cityId: number;
  areaId: number;
  proName: string;
  cityName: string;
  areaName: string;
  shName: string;
  shPhone: string;
  shAddress: string;
}

export type ShippingAddressStore = ReturnType<typeof createShippingAddressStore>;

/** The shipping_addresses table belongs to the account module; others read and write it through this. */
export function createShippingAddressStore({ db, now }: { db: Db; now: () => Date }) {
  return {
    async get(memberId: number): Promise<ShippingAddressRow | null> {
      const [row] = await db.select().from(shippingAddresses).where(eq(shippingAddresses.memberId, memberId)).limit(1);
      if (!row) return null;
      const { id: _id, memberId: _m, updatedAt: _u, ...address } = row;
      return address;
    },

    /** Saves the member's address, replacing the previous one (one per member, upsert on the unique key). */
    async save(memberId: number, address: ShippingAddressRow): Promise<ShippingAddressRow> {
      const updatedAt = now();
      await db
        .insert(shippingAddresses)
        .values({ memberId, ...address, updatedAt })
        .onConflictDoUpdate({ target: shippingAddresses.memberId, set: { ...address, updatedAt } });
      return address;
    },
  };
}
