CREATE TABLE "instagram_hashtag_searches" (
	"business_account_id" text NOT NULL,
	"hashtag" text NOT NULL,
	"first_searched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "instagram_hashtag_searches_business_account_id_hashtag_pk" PRIMARY KEY("business_account_id","hashtag")
);
