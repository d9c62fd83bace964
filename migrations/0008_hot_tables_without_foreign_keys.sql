ALTER TABLE "events" DROP CONSTRAINT "events_merchant_id_merchants_id_fk";
--> statement-breakpoint
ALTER TABLE "balance_entries" DROP CONSTRAINT "balance_entries_merchant_id_merchants_id_fk";
--> statement-breakpoint
ALTER TABLE "balance_entries" DROP CONSTRAINT "balance_entries_virtual_account_id_virtual_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_merchant_id_merchants_id_fk";
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_virtual_account_id_virtual_accounts_id_fk";
