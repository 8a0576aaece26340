"""WordNet 3.0 questions (wordnet.md): the thirty-ninth held-out database.  Written from
WordNet's file-format manual pages in Debian's wordnet-base and a look at the built rows by
a helper who never read the linker's code, before the agent was ever run on it; every gold
SQL was checked with sqlite3 alone.  A word's "senses" are its synsets of one part of
speech (``lemma.synset_cnt``, or its rows of ``sense``); its "first" or "most common" sense
is ``sense_number`` 1; a synset is named by its first word (``word_number`` 1); a
"hypernym", "hyponym", "antonym"... is a row of ``pointer`` with that ``pointer_symbol``."""

from __future__ import annotations

from .questions import Question

_GLOSS = ("sense se JOIN synset s ON s.synset_offset = se.synset_offset"
          " AND s.pos = se.pos")  # fmt: skip
_LEX = "synset s JOIN lexname l ON l.lex_filenum = s.lex_filenum"
_TARGET = ("pointer p JOIN sense t ON t.synset_offset = p.target_offset"
           " AND t.pos = p.target_pos")  # fmt: skip
_DOG = ("(SELECT synset_offset FROM sense WHERE lemma = 'dog' AND pos = 'n'"
        " AND sense_number = 1)")  # fmt: skip
_CAR = ("(SELECT synset_offset FROM sense WHERE lemma = 'car' AND pos = 'n'"
        " AND sense_number = 1)")  # fmt: skip
_GOOD = ("sense se JOIN pointer p ON p.source_offset = se.synset_offset"
         " AND p.source_pos = se.pos AND p.source_word = se.word_number"
         " JOIN sense t ON t.synset_offset = p.target_offset AND t.pos = p.target_pos"
         " AND t.word_number = p.target_word")  # fmt: skip


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


WORDNET = [
    Question("How many synsets are there in WordNet?", "SELECT COUNT(*) FROM synset"),
    Question("How many noun synsets are there?",
             "SELECT COUNT(*) FROM synset WHERE pos = 'n'"),
    Question("How many adjective satellite synsets are there?",
             "SELECT COUNT(*) FROM synset WHERE ss_type = 's'"),
    Question("How many synsets are there of each synset type?",
             "SELECT ss_type, COUNT(*) FROM synset GROUP BY ss_type"),
    Question("How many different verbs does the index list?",
             "SELECT COUNT(*) FROM lemma WHERE pos = 'v'"),
    Question("How many lemmas are there for each part of speech?",
             "SELECT pos, COUNT(*) FROM lemma GROUP BY pos"),
    Question("How many senses does the noun 'bank' have?",
             "SELECT synset_cnt FROM lemma WHERE lemma = 'bank' AND pos = 'n'"),
    Question("How many of the noun senses of 'bank' were tagged in the semantic concordance?",
             "SELECT tagsense_cnt FROM lemma WHERE lemma = 'bank' AND pos = 'n'"),
    Question("What is the definition of the most common sense of the noun 'dog'?",
             f"SELECT s.gloss FROM {_GLOSS} WHERE se.lemma = 'dog' AND se.pos = 'n'"
             " AND se.sense_number = 1"),
    Question("Give the gloss of the first verb sense of 'run'.",
             f"SELECT s.gloss FROM {_GLOSS} WHERE se.lemma = 'run' AND se.pos = 'v'"
             " AND se.sense_number = 1"),
    Question("Which noun has the most senses?",
             "SELECT lemma FROM lemma WHERE pos = 'n' ORDER BY synset_cnt DESC LIMIT 1"),
    Question("Which verb has the most senses, and how many?",
             "SELECT lemma, synset_cnt FROM lemma WHERE pos = 'v'"
             " ORDER BY synset_cnt DESC LIMIT 1"),
    Question("List the top 4 verbs by number of senses.",
             "SELECT lemma FROM lemma WHERE pos = 'v' ORDER BY synset_cnt DESC LIMIT 4",
             column=True),
    Question("Which adjective has the most senses?",
             "SELECT lemma FROM lemma WHERE pos = 'a' ORDER BY synset_cnt DESC LIMIT 1"),
    Question("How many adjectives have more than 10 senses?",
             "SELECT COUNT(*) FROM lemma WHERE pos = 'a' AND synset_cnt > 10"),
    Question("What is the average number of senses of a noun?",
             "SELECT AVG(synset_cnt) FROM lemma WHERE pos = 'n'"),
    Question("How many lemmas are multi-word expressions, written with an underscore?",
             "SELECT COUNT(*) FROM lemma WHERE INSTR(lemma, '_') > 0"),
    Question("How many words can be both a noun and a verb?",
             "SELECT COUNT(*) FROM lemma WHERE pos = 'n' AND lemma IN"
             " (SELECT lemma FROM lemma WHERE pos = 'v')"),
    Question("How many verbs are never used as nouns?",
             "SELECT COUNT(*) FROM lemma WHERE pos = 'v' AND lemma NOT IN"
             " (SELECT lemma FROM lemma WHERE pos = 'n')"),
    Question("How many lexicographer files are there?", "SELECT COUNT(*) FROM lexname"),
    Question("Which lexicographer files hold verbs?",
             "SELECT lexname FROM lexname WHERE syntactic_category = 2", column=True),
    Question("What does the noun.Tops file contain?",
             "SELECT contents FROM lexname WHERE lexname = 'noun.Tops'"),
    Question("Which lexicographer file has the most synsets?",
             f"SELECT l.lexname FROM {_LEX} GROUP BY l.lexname ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many synsets does each lexicographer file hold?",
             f"SELECT l.lexname, COUNT(*) FROM {_LEX} GROUP BY l.lexname"),
    Question("What are the top 5 noun lexicographer files by number of synsets?",
             f"SELECT l.lexname FROM {_LEX} WHERE s.pos = 'n' GROUP BY l.lexname"
             " ORDER BY COUNT(*) DESC LIMIT 5", column=True),
    Question("How many synsets are in the noun.animal file?",
             f"SELECT COUNT(*) FROM {_LEX} WHERE l.lexname = 'noun.animal'"),
    Question("How many verb synsets are there, excluding those of the verb.stative file?",
             f"SELECT COUNT(*) FROM {_LEX} WHERE s.pos = 'v' AND l.lexname <> 'verb.stative'"),
    Question("In which lexicographer file is the first noun sense of 'oak'?",
             f"SELECT l.lexname FROM {_GLOSS} JOIN lexname l ON l.lex_filenum = s.lex_filenum"
             " WHERE se.lemma = 'oak' AND se.pos = 'n'"
             " AND se.sense_number = 1"),
    Question("What is the average number of words per verb synset?",
             "SELECT AVG(w_cnt) FROM synset WHERE pos = 'v'"),
    Question("How many synsets have more than 50 pointers?",
             "SELECT COUNT(*) FROM synset WHERE p_cnt > 50"),
    Question("Which synset has the most words? Give its first word.",
             f"SELECT se.word FROM {_GLOSS} WHERE se.word_number = 1"
             " ORDER BY s.w_cnt DESC LIMIT 1"),
    Question("Which words are in the synset of the first noun sense of 'car'?",
             f"SELECT word FROM sense WHERE pos = 'n' AND synset_offset = {_CAR}",
             column=True),
    Question("What are the hypernyms of the noun 'dog' in its first sense?",
             f"SELECT t.word FROM {_TARGET} WHERE p.source_pos = 'n'"
             f" AND p.source_offset = {_DOG} AND p.pointer_symbol = '@'"
             " AND t.word_number = 1", column=True),
    Question("How many hyponyms does the first sense of the noun 'dog' have?",
             f"SELECT COUNT(*) FROM pointer WHERE source_pos = 'n' AND source_offset = {_DOG}"
             " AND pointer_symbol = '~'"),
    Question("How many part meronyms does the first noun sense of 'car' have?",
             f"SELECT COUNT(*) FROM pointer WHERE source_pos = 'n' AND source_offset = {_CAR}"
             " AND pointer_symbol = '%p'"),
    Question("What is the antonym of 'good' as an adjective, in its first sense?",
             f"SELECT t.word FROM {_GOOD} WHERE se.lemma = 'good' AND se.pos = 'a'"
             " AND se.sense_number = 1 AND p.pointer_symbol = '!'"),
    Question("How many antonym pairs are recorded, counting each direction?",
             "SELECT COUNT(*) FROM pointer WHERE pointer_symbol = '!'"),
    Question("How many entailment relations between verbs are there?",
             "SELECT COUNT(*) FROM pointer WHERE pointer_symbol = '*'"),
    Question("How many different kinds of pointer are used?",
             "SELECT COUNT(DISTINCT pointer_symbol) FROM pointer"),
    Question("Which kind of lexical pointer, between two words, is the most frequent?",
             "SELECT pointer_symbol FROM pointer WHERE source_word > 0"
             " GROUP BY pointer_symbol ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which noun synset has the most instances? Give its first word.",
             "SELECT t.word FROM sense t JOIN (SELECT source_offset FROM pointer"
             " WHERE source_pos = 'n' AND pointer_symbol = '~i' GROUP BY source_offset"
             " ORDER BY COUNT(*) DESC LIMIT 1) m ON m.source_offset = t.synset_offset"
             " WHERE t.pos = 'n' AND t.word_number = 1"),
    Question("Which noun has no hypernym at all?",
             "SELECT word FROM sense WHERE pos = 'n' AND synset_offset NOT IN"
             " (SELECT source_offset FROM pointer WHERE source_pos = 'n'"
             " AND pointer_symbol IN ('@', '@i'))"),
    Question("How many adjective senses can only be used in predicate position?",
             "SELECT COUNT(*) FROM sense WHERE marker = 'p'"),
    Question("What is the base form of 'geese'?",
             "SELECT base_form FROM exception WHERE inflected_form = 'geese'"),
    Question("How many irregular verb forms are listed?",
             "SELECT COUNT(*) FROM exception WHERE pos = 'v'"),
    Question("What are the irregular forms of the verb 'be'?",
             "SELECT inflected_form FROM exception WHERE pos = 'v' AND base_form = 'be'",
             column=True),
    Question("Which verb has the most irregular forms?",
             "SELECT base_form FROM exception WHERE pos = 'v' GROUP BY base_form"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    *_no(
        "How is the word 'dog' pronounced?",
        "What is the etymology of the word 'quarantine'?",
        "How many times does the word 'bank' appear in the Brown Corpus?",
        "What is the French translation of 'house'?",
        "In which year was the word 'internet' first used?",
        "Which words will be added to the next version of WordNet?",
        "What rhymes with 'orange'?",
        "Which is the most beautiful word in English?",
        "Who wrote the gloss of the synset for 'cat'?",
        "Write a sonnet using only the synonyms of 'happy'.",
        "¿Cuántos sinónimos tiene la palabra «casa» en español?",
        "Quel est le mot anglais le plus long du dictionnaire ?",
    ),
]  # fmt: skip
