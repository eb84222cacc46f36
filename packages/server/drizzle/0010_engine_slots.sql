-- Engine slots counted across processes (docs/decisions/015-engine-slots-across-processes.md): a
-- request holds one row of its engine with a lease while it is at the engine.
CREATE TABLE "engine_slots" (
	"engine" text NOT NULL,
	"slot" integer NOT NULL,
	"held_by" text,
	"lease_until" timestamp with time zone,
	CONSTRAINT "engine_slots_engine_slot_pk" PRIMARY KEY("engine","slot")
);
