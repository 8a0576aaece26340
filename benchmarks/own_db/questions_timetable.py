"""FET's example school timetable's questions (timetable.md): the fourteenth held-out
database.  Written from FET's XML format and a look at the built rows (its teachers, rooms,
classes, tags, days and periods) by a helper who never read the linker's code, before the
agent was ever run on it; every gold SQL was checked with sqlite3 alone.  A lesson is one of
FET's activities; its length in periods is its ``Duration``."""

from __future__ import annotations

from .questions import Question

_TEACH = "Activities a JOIN Activities_Teachers t ON t.Activity_Id = a.Id"
_TAG = "Activities a JOIN Activities_Tags g ON g.Activity_Id = a.Id"
_STUD = "Activities a JOIN Activities_Students s ON s.Activity_Id = a.Id"


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


TIMETABLE = [
    Question("How many teachers are there?", "SELECT COUNT(*) FROM Teachers"),
    Question("How many rooms does the school have?", "SELECT COUNT(*) FROM Rooms"),
    Question("How many lessons are on the timetable?", "SELECT COUNT(*) FROM Activities"),
    Question("How many subjects are there?", "SELECT COUNT(*) FROM Subjects"),
    Question("How many year groups are there?",
             "SELECT COUNT(*) FROM Students_Sets WHERE Type = 'Year'"),
    Question("How many lessons take place on Sunday?",
             "SELECT COUNT(*) FROM Activities WHERE Day = 'Sunday'"),
    Question("How many double lessons are there?",
             "SELECT COUNT(*) FROM Activities WHERE Duration = 2"),
    Question("How many lessons are scheduled in Period 7?",
             "SELECT COUNT(*) FROM Activities WHERE Hour = 'Period 7'"),
    Question("How many lessons does each day have?",
             "SELECT Day, COUNT(*) FROM Activities GROUP BY Day ORDER BY Day", column=True),
    Question("Which day of the week has the fewest lessons?",
             "SELECT Day FROM Activities GROUP BY Day ORDER BY COUNT(*) LIMIT 1"),
    Question("Which period of the day is the busiest?",
             "SELECT Hour FROM Activities GROUP BY Hour ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many students are in year 10?",
             "SELECT Number_of_Students FROM Students_Sets WHERE Name = '10'"),
    Question("How many groups does year 11 have?",
             "SELECT COUNT(*) FROM Students_Sets WHERE Type = 'Group' AND Parent = '11'"),
    Question("What is the total number of students across all year groups?",
             "SELECT SUM(Number_of_Students) FROM Students_Sets WHERE Type = 'Year'"),
    Question("What is the capacity of Science Lab 03?",
             "SELECT Capacity FROM Rooms WHERE Name = 'Science Lab 03'"),
    Question("How many rooms can hold more than 20 people?",
             "SELECT COUNT(*) FROM Rooms WHERE Capacity > 20"),
    Question("How many science labs are there?",
             "SELECT COUNT(*) FROM Rooms WHERE Name LIKE 'Science Lab%'"),
    Question("How many rooms are never used for a lesson?",
             "SELECT COUNT(*) FROM Rooms WHERE Name NOT IN"
             " (SELECT Room FROM Activities WHERE Room IS NOT NULL)"),
    Question("How many subjects never have a lesson scheduled?",
             "SELECT COUNT(*) FROM Subjects WHERE Name NOT IN (SELECT Subject FROM Activities)"),
    Question("How many lessons have no teacher assigned?",
             "SELECT COUNT(*) FROM Activities WHERE Id NOT IN"
             " (SELECT Activity_Id FROM Activities_Teachers)"),
    Question("How many lessons are taught by more than one teacher?",
             "SELECT COUNT(*) FROM (SELECT Activity_Id FROM Activities_Teachers"
             " GROUP BY Activity_Id HAVING COUNT(*) > 1)"),
    Question("How many lessons does Teacher031 teach?",
             f"SELECT COUNT(*) FROM {_TEACH} WHERE t.Teacher = 'Teacher031'"),
    Question("How many periods a week does Teacher093 teach?",
             f"SELECT SUM(a.Duration) FROM {_TEACH} WHERE t.Teacher = 'Teacher093'"),
    Question("Which room is used for the most lessons on Thursday?",
             "SELECT Room FROM Activities WHERE Day = 'Thursday' AND Room IS NOT NULL"
             " GROUP BY Room ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which subject has the most lessons per week?",
             "SELECT Subject FROM Activities GROUP BY Subject ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many Biology lessons are there?",
             f"SELECT COUNT(*) FROM {_TAG} WHERE g.Activity_Tag = 'Biology'"),
    Question("How many periods of Mathematics are taught each week?",
             f"SELECT SUM(a.Duration) FROM {_TAG} WHERE g.Activity_Tag = 'Mathematics'"),
    Question("List the 3 tags with the most lessons.",
             f"SELECT g.Activity_Tag FROM {_TAG} GROUP BY g.Activity_Tag"
             " ORDER BY COUNT(*) DESC LIMIT 3", column=True),
    Question("How many different teachers teach Physics?",
             "SELECT COUNT(DISTINCT t.Teacher) FROM Activities_Tags g"
             " JOIN Activities_Teachers t ON t.Activity_Id = g.Activity_Id"
             " WHERE g.Activity_Tag = 'Physics'"),
    Question("How many lessons take place in Drama Studio 1?",
             "SELECT COUNT(*) FROM Activities WHERE Room = 'Drama Studio 1'"),
    Question("How many Drama lessons are held on Monday?",
             f"SELECT COUNT(*) FROM {_TAG} WHERE g.Activity_Tag = 'Drama' AND a.Day = 'Monday'"),
    Question("Who teaches the most maths lessons?",
             f"SELECT t.Teacher FROM {_TEACH} JOIN Activities_Tags g ON g.Activity_Id = a.Id"
             " WHERE g.Activity_Tag = 'Mathematics' GROUP BY t.Teacher ORDER BY COUNT(*) DESC"
             " LIMIT 1"),
    Question("Which teacher has the most lessons in the last period of the day?",
             f"SELECT t.Teacher FROM {_TEACH} WHERE a.Hour = 'Period 7'"
             " GROUP BY t.Teacher ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many lessons does group 07A attend?",
             f"SELECT COUNT(*) FROM {_STUD} WHERE s.Students = '07A'"),
    Question("Which lessons does Student 13IB18 have on Sunday? List their subjects.",
             f"SELECT a.Subject FROM {_STUD} WHERE s.Students = 'Student 13IB18'"
             " AND a.Day = 'Sunday' ORDER BY a.Subject", column=True),
    Question("How many teachers teach Arabic, excluding Islamic Studies teachers?",
             "SELECT COUNT(DISTINCT t.Teacher) FROM Activities_Tags g"
             " JOIN Activities_Teachers t ON t.Activity_Id = g.Activity_Id"
             " WHERE g.Activity_Tag = 'Arabic' AND t.Teacher NOT IN (SELECT t2.Teacher"
             " FROM Activities_Tags g2 JOIN Activities_Teachers t2"
             " ON t2.Activity_Id = g2.Activity_Id WHERE g2.Activity_Tag = 'Islamic Studies')"),
    Question("How many teachers never teach in Period 1?",
             "SELECT COUNT(*) FROM Teachers WHERE Name NOT IN (SELECT t.Teacher FROM"
             f" {_TEACH} WHERE a.Hour = 'Period 1')"),
    Question("How many teachers teach more than 20 lessons a week?",
             "SELECT COUNT(*) FROM (SELECT Teacher FROM Activities_Teachers"
             " GROUP BY Teacher HAVING COUNT(*) > 20)"),
    Question("What is the average size of a group in year 07A-D?",
             "SELECT AVG(Number_of_Students) FROM Students_Sets"
             " WHERE Type = 'Group' AND Parent = '07A-D'"),
    Question("Which room holds the most Science lessons?",
             f"SELECT a.Room FROM {_TAG} WHERE g.Activity_Tag = 'Science'"
             " GROUP BY a.Room ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("In which room and period is 13 HL Biology taught on Tuesday?",
             "SELECT Room, Hour FROM Activities WHERE Subject = '13 HL Biology'"
             " AND Day = 'Tuesday'"),
    *_no(
        "What is Teacher031's salary?",
        "How old is Teacher066?",
        "Which teachers are on sick leave this week?",
        "What grade did Student 13IB18 get in HL Biology?",
        "How many students were absent on Monday?",
        "What is the name of the school's principal?",
        "What time does Period 1 start?",
        "What will next year's timetable look like?",
        "How many students will pass their IB exams?",
        "Write a motivational message for the year 13 students.",
        "¿Cuántos profesores hay en la escuela?",
        "Wie viele Räume hat die Schule?",
    ),
]  # fmt: skip
