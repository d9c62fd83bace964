-- 0011_shared_settings: what every instance on one database must agree on (issue 13, item 8)
CREATE TABLE "shared_settings" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text,
	"fingerprint" text,
	"origin" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shared_settings_value_or_fingerprint" CHECK (num_nonnulls("shared_settings"."value", "shared_settings"."fingerprint") = 1),
	CONSTRAINT "shared_settings_origin_check" CHECK ("shared_settings"."origin" in ('generated', 'imported', 'environment', 'default', 'adopted'))
);
