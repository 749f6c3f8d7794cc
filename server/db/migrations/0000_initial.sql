CREATE SCHEMA "loyalty";
--> statement-breakpoint
CREATE TABLE "loyalty"."accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loyalty"."accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"programme_id" integer NOT NULL,
	"account_type" varchar(10) NOT NULL,
	"status" varchar(10) NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"last_activity_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_member_id_unique" UNIQUE("member_id"),
	CONSTRAINT "accounts_balance_not_negative" CHECK ("loyalty"."accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "loyalty"."api_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loyalty"."api_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"partner_id" integer NOT NULL,
	"key_hash" char(64) NOT NULL,
	"key_prefix" varchar(8) NOT NULL,
	"environment" varchar(10) NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "loyalty"."authorisation_codes" (
	"code_hash" char(64) PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"programme_id" integer NOT NULL,
	"redirect_uri" text,
	"scope" text,
	"code_challenge" varchar(128),
	"code_challenge_method" varchar(10),
	"authentication_level" varchar(20) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty"."contact_preferences" (
	"member_id" integer NOT NULL,
	"communication_channel" varchar(10) NOT NULL,
	"indicator" char(1) NOT NULL,
	CONSTRAINT "contact_preferences_member_id_communication_channel_pk" PRIMARY KEY("member_id","communication_channel")
);
--> statement-breakpoint
CREATE TABLE "loyalty"."login_throttles" (
	"username" varchar(50) PRIMARY KEY NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"first_failed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "loyalty"."marketing_preferences" (
	"member_id" integer NOT NULL,
	"campaign_type" varchar(20) NOT NULL,
	"communication_channel" varchar(10) NOT NULL,
	"indicator" char(1) NOT NULL,
	CONSTRAINT "marketing_preferences_member_id_campaign_type_pk" PRIMARY KEY("member_id","campaign_type")
);
--> statement-breakpoint
CREATE TABLE "loyalty"."members" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loyalty"."members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"membership_number" varchar(24) NOT NULL,
	"first_name" varchar(100),
	"family_name" varchar(100) NOT NULL,
	"title" varchar(30),
	"date_of_birth" date,
	"country_of_residence" char(2),
	"language_code" char(2),
	"email_address" varchar(50),
	"join_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_membership_number_unique" UNIQUE("membership_number")
);
--> statement-breakpoint
CREATE TABLE "loyalty"."membership_programmes" (
	"member_id" integer NOT NULL,
	"programme_id" integer NOT NULL,
	"associated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_programmes_member_id_programme_id_pk" PRIMARY KEY("member_id","programme_id")
);
--> statement-breakpoint
CREATE TABLE "loyalty"."oauth_clients" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loyalty"."oauth_clients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"partner_id" integer NOT NULL,
	"client_id" varchar(40) NOT NULL,
	"secret_hash" text NOT NULL,
	"kind" varchar(20) NOT NULL,
	"business_context_identifier" varchar(50),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oauth_clients_client_id_unique" UNIQUE("client_id")
);
--> statement-breakpoint
CREATE TABLE "loyalty"."oauth_redirect_uris" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loyalty"."oauth_redirect_uris_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_id" integer NOT NULL,
	"uri" text NOT NULL,
	"programme_id" integer
);
--> statement-breakpoint
CREATE TABLE "loyalty"."partner_programmes" (
	"partner_id" integer NOT NULL,
	"programme_id" integer NOT NULL,
	CONSTRAINT "partner_programmes_partner_id_programme_id_pk" PRIMARY KEY("partner_id","programme_id")
);
--> statement-breakpoint
CREATE TABLE "loyalty"."partners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loyalty"."partners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"partner_identifier" varchar(20) NOT NULL,
	"name" varchar(100) NOT NULL,
	"status" varchar(10) NOT NULL,
	"external_source" varchar(10),
	"reversal_window_hours" integer DEFAULT 24 NOT NULL,
	"pricing_configuration" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partners_partner_identifier_unique" UNIQUE("partner_identifier")
);
--> statement-breakpoint
CREATE TABLE "loyalty"."postal_addresses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loyalty"."postal_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"type" varchar(10) NOT NULL,
	"lines" jsonb NOT NULL,
	"country_code" char(2) NOT NULL,
	"post_code" varchar(8),
	"validation" varchar(10) DEFAULT 'SYSTEM' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty"."programme_countries" (
	"programme_id" integer NOT NULL,
	"country_code" char(2) NOT NULL,
	CONSTRAINT "programme_countries_programme_id_country_code_pk" PRIMARY KEY("programme_id","country_code")
);
--> statement-breakpoint
CREATE TABLE "loyalty"."programmes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loyalty"."programmes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"identifier" varchar(20) NOT NULL,
	"name" varchar(100) NOT NULL,
	"role" varchar(10) NOT NULL,
	"organisation_identifier" varchar(20),
	"organisation_name" varchar(100),
	"position" integer NOT NULL,
	CONSTRAINT "programmes_identifier_unique" UNIQUE("identifier")
);
--> statement-breakpoint
CREATE TABLE "loyalty"."rate_limit_windows" (
	"bucket" varchar(100) NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limit_windows_bucket_window_start_pk" PRIMARY KEY("bucket","window_start")
);
--> statement-breakpoint
CREATE TABLE "loyalty"."registered_identifiers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loyalty"."registered_identifiers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"type" varchar(30) NOT NULL,
	"identifier_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty"."security_profiles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loyalty"."security_profiles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"username" varchar(50) NOT NULL,
	"password_hash" text NOT NULL,
	"password_expired" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "security_profiles_member_id_unique" UNIQUE("member_id"),
	CONSTRAINT "security_profiles_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "loyalty"."security_responses" (
	"security_profile_id" integer NOT NULL,
	"question_id" smallint NOT NULL,
	"response_hash" text NOT NULL,
	CONSTRAINT "security_responses_security_profile_id_question_id_pk" PRIMARY KEY("security_profile_id","question_id"),
	CONSTRAINT "security_responses_question_range" CHECK ("loyalty"."security_responses"."question_id" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "loyalty"."signing_keys" (
	"kid" varchar(64) PRIMARY KEY NOT NULL,
	"algorithm" varchar(10) NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty"."telecom_addresses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loyalty"."telecom_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"type" varchar(10) NOT NULL,
	"device_type" varchar(10) NOT NULL,
	"country_code" varchar(5),
	"area_code" varchar(5),
	"number" varchar(15) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty"."tokens" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"kind" varchar(10) NOT NULL,
	"family_id" varchar(64) NOT NULL,
	"client_id" integer NOT NULL,
	"partner_id" integer NOT NULL,
	"member_id" integer,
	"programme_id" integer,
	"scope" text,
	"token_hash" char(64),
	"authorisation_code_hash" char(64),
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "loyalty"."transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loyalty"."transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"identifier" varchar(32) NOT NULL,
	"account_id" integer NOT NULL,
	"partner_id" integer,
	"kind" varchar(10) NOT NULL,
	"points_delta" bigint NOT NULL,
	"description" text,
	"external_transaction_identifier" text,
	"external_transaction_date" timestamp with time zone,
	"external_reference_identifier" text,
	"external_reference_description" text,
	"external_partner_identifier" varchar(20),
	"external_source" varchar(10),
	"product_summary" jsonb,
	"request_fingerprint" char(64),
	"reversed_transaction_id" bigint,
	"date_made" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_identifier_unique" UNIQUE("identifier"),
	CONSTRAINT "transactions_reversed_transaction_id_unique" UNIQUE("reversed_transaction_id"),
	CONSTRAINT "transactions_delta_sign" CHECK (("loyalty"."transactions"."kind" = 'DEBIT' and "loyalty"."transactions"."points_delta" < 0) or ("loyalty"."transactions"."kind" <> 'DEBIT' and "loyalty"."transactions"."points_delta" > 0))
);
--> statement-breakpoint
ALTER TABLE "loyalty"."accounts" ADD CONSTRAINT "accounts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "loyalty"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty"."accounts" ADD CONSTRAINT "accounts_programme_id_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "loyalty"."programmes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty"."api_keys" ADD CONSTRAINT "api_keys_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "loyalty"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty"."authorisation_codes" ADD CONSTRAINT "authorisation_codes_client_id_oauth_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "loyalty"."oauth_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty"."authorisation_codes" ADD CONSTRAINT "authorisation_codes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "loyalty"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty"."authorisation_codes" ADD CONSTRAINT "authorisation_codes_programme_id_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "loyalty"."programmes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty"."contact_preferences" ADD CONSTRAINT "contact_preferences_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "loyalty"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty"."marketing_preferences" ADD CONSTRAINT "marketing_preferences_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "loyalty"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty"."membership_programmes" ADD CONSTRAINT "membership_programmes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "loyalty"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty"."membership_programmes" ADD CONSTRAINT "membership_programmes_programme_id_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "loyalty"."programmes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty"."oauth_clients" ADD CONSTRAINT "oauth_clients_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "loyalty"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty"."oauth_redirect_uris" ADD CONSTRAINT "oauth_redirect_uris_client_id_oauth_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "loyalty"."oauth_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty"."oauth_redirect_uris" ADD CONSTRAINT "oauth_redirect_uris_programme_id_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "loyalty"."programmes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty"."partner_programmes" ADD CONSTRAINT "partner_programmes_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "loyalty"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty"."partner_programmes" ADD CONSTRAINT "partner_programmes_programme_id_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "loyalty"."programmes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty"."postal_addresses" ADD CONSTRAINT "postal_addresses_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "loyalty"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty"."programme_countries" ADD CONSTRAINT "programme_countries_programme_id_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "loyalty"."programmes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty"."registered_identifiers" ADD CONSTRAINT "registered_identifiers_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "loyalty"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty"."security_profiles" ADD CONSTRAINT "security_profiles_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "loyalty"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty"."security_responses" ADD CONSTRAINT "security_responses_security_profile_id_security_profiles_id_fk" FOREIGN KEY ("security_profile_id") REFERENCES "loyalty"."security_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty"."telecom_addresses" ADD CONSTRAINT "telecom_addresses_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "loyalty"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty"."tokens" ADD CONSTRAINT "tokens_client_id_oauth_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "loyalty"."oauth_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty"."tokens" ADD CONSTRAINT "tokens_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "loyalty"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty"."tokens" ADD CONSTRAINT "tokens_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "loyalty"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty"."tokens" ADD CONSTRAINT "tokens_programme_id_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "loyalty"."programmes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty"."transactions" ADD CONSTRAINT "transactions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "loyalty"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty"."transactions" ADD CONSTRAINT "transactions_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "loyalty"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "authorisation_codes_expires_idx" ON "loyalty"."authorisation_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_redirect_uris_client_uri_uq" ON "loyalty"."oauth_redirect_uris" USING btree ("client_id","uri");--> statement-breakpoint
CREATE UNIQUE INDEX "postal_addresses_member_type_uq" ON "loyalty"."postal_addresses" USING btree ("member_id","type");--> statement-breakpoint
CREATE INDEX "programme_countries_country_idx" ON "loyalty"."programme_countries" USING btree ("country_code");--> statement-breakpoint
CREATE UNIQUE INDEX "telecom_addresses_member_kind_uq" ON "loyalty"."telecom_addresses" USING btree ("member_id","type","device_type");--> statement-breakpoint
CREATE INDEX "tokens_family_idx" ON "loyalty"."tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "tokens_code_idx" ON "loyalty"."tokens" USING btree ("authorisation_code_hash");--> statement-breakpoint
CREATE INDEX "transactions_account_date_idx" ON "loyalty"."transactions" USING btree ("account_id","date_made");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_partner_external_uq" ON "loyalty"."transactions" USING btree ("partner_id","kind","external_transaction_identifier") WHERE "loyalty"."transactions"."external_transaction_identifier" is not null;