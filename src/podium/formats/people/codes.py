"""Refusal codes of the register of persons (``people.*``)."""

PERSON_UNKNOWN = "people.unknown"
PERSON_DUPLICATE = "people.duplicate"
PERSON_ID = "people.id"
PERSON_NAME = "people.name"
PERSON_MERGE_SELF = "people.merge_self"
PERSON_MERGE_MET = "people.merge_met"
PERSON_LINKED = "people.linked"
PERSON_NOT_LINKED = "people.not_linked"
VERSUS_SELF = "people.versus_self"  # a head to head needs two persons
PERSON_AMBIGUOUS = "people.ambiguous"
PERSON_TWICE = "people.twice"
PERSON_NOTHING = "people.nothing"
PERSON_CSV = "people.csv"

ALL = (PERSON_UNKNOWN, PERSON_DUPLICATE, PERSON_ID, PERSON_NAME, PERSON_MERGE_SELF,
       PERSON_MERGE_MET, PERSON_LINKED, PERSON_NOT_LINKED, VERSUS_SELF, PERSON_AMBIGUOUS,
       PERSON_TWICE, PERSON_NOTHING, PERSON_CSV)
