"""Firebird's example company's questions (firebird.md): the sixteenth held-out database.
Written from the ``employee.sql`` script and a look at the built rows (its departments,
jobs, employees, projects, customers and orders) by a helper who never read the linker's
code, before the agent was ever run on it; every gold SQL was checked with sqlite3 alone.
Salaries are in the currency of the employee's job country."""

from __future__ import annotations

from .questions import Question


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


_EMP_DEPT = "employee e JOIN department d ON d.dept_no = e.dept_no"
_SALE_CUST = "sales s JOIN customer c ON c.cust_no = s.cust_no"

FIREBIRD = [
    Question("How many employees does the company have?", "SELECT COUNT(*) FROM employee"),
    Question("How many departments are there?", "SELECT COUNT(*) FROM department"),
    Question("How many customers are there?", "SELECT COUNT(*) FROM customer"),
    Question("How many sales orders have been placed?", "SELECT COUNT(*) FROM sales"),
    Question("How many projects are there?", "SELECT COUNT(*) FROM project"),
    Question("How many orders have shipped?",
             "SELECT COUNT(*) FROM sales WHERE order_status = 'shipped'"),
    Question("How many orders are still unpaid?", "SELECT COUNT(*) FROM sales WHERE paid = 'n'"),
    Question("How many people were hired in 1993?",
             "SELECT COUNT(*) FROM employee WHERE hire_date LIKE '1993%'"),
    Question("Who was the first person hired in 1990?",
             "SELECT first_name, last_name FROM employee WHERE hire_date LIKE '1990%'"
             " ORDER BY hire_date LIMIT 1"),
    Question("Who was the most recent hire?",
             "SELECT first_name, last_name FROM employee ORDER BY hire_date DESC LIMIT 1"),
    Question("What currency is used in Japan?",
             "SELECT currency FROM country WHERE country = 'Japan'"),
    Question("How many countries use the Euro?",
             "SELECT COUNT(*) FROM country WHERE currency = 'Euro'"),
    Question("How many employees work in each department?",
             f"SELECT COUNT(*) FROM {_EMP_DEPT} GROUP BY d.department", column=True),
    Question("Which department has the most employees?",
             f"SELECT d.department FROM {_EMP_DEPT} GROUP BY d.dept_no ORDER BY COUNT(*) DESC"
             " LIMIT 1"),
    Question("How many employees are in the Engineering division's Software Development team?",
             f"SELECT COUNT(*) FROM {_EMP_DEPT} WHERE d.department = 'Software Development'"),
    Question("Which department has the largest budget?",
             "SELECT department FROM department ORDER BY budget DESC LIMIT 1"),
    Question("What is the total budget of all departments?", "SELECT SUM(budget) FROM department"),
    Question("Who manages the Quality Assurance department?",
             "SELECT e.first_name, e.last_name FROM department d JOIN employee e"
             " ON e.emp_no = d.mngr_no WHERE d.department = 'Quality Assurance'"),
    Question("Which departments have no manager?",
             "SELECT department FROM department WHERE mngr_no IS NULL", column=True),
    Question("Which departments report directly to Sales and Marketing?",
             "SELECT d.department FROM department d JOIN department h ON h.dept_no = d.head_dept"
             " WHERE h.department = 'Sales and Marketing'", column=True),
    Question("How many departments are located in Monterey?",
             "SELECT COUNT(*) FROM department WHERE location = 'Monterey'"),
    Question("What is the average salary of the US employees?",
             "SELECT AVG(salary) FROM employee WHERE job_country = 'USA'"),
    Question("Who is the highest paid employee in the USA?",
             "SELECT first_name, last_name FROM employee WHERE job_country = 'USA'"
             " ORDER BY salary DESC LIMIT 1"),
    Question("How many engineers are there?",
             "SELECT COUNT(*) FROM employee WHERE job_code = 'Eng'"),
    Question("How many sales representatives work outside the USA?",
             "SELECT COUNT(*) FROM employee WHERE job_code = 'SRep' AND job_country <> 'USA'"),
    Question("What is the job title of Walter Steadman?",
             "SELECT j.job_title FROM employee e JOIN job j ON j.job_code = e.job_code"
             " AND j.job_grade = e.job_grade AND j.job_country = e.job_country"
             " WHERE e.first_name = 'Walter' AND e.last_name = 'Steadman'"),
    Question("What is the maximum salary for a Vice President?",
             "SELECT max_salary FROM job WHERE job_title = 'Vice President'"),
    Question("How many employees are there in each job country?",
             "SELECT COUNT(*) FROM employee GROUP BY job_country", column=True),
    Question("Who leads the DigiPizza project?",
             "SELECT e.first_name, e.last_name FROM project p JOIN employee e"
             " ON e.emp_no = p.team_leader WHERE p.proj_name = 'DigiPizza'"),
    Question("How many people work on the Video Database project?",
             "SELECT COUNT(*) FROM employee_project ep JOIN project p ON p.proj_id = ep.proj_id"
             " WHERE p.proj_name = 'Video Database'"),
    Question("Which project has the most people assigned?",
             "SELECT p.proj_name FROM employee_project ep JOIN project p"
             " ON p.proj_id = ep.proj_id GROUP BY p.proj_id ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many employees are not assigned to any project?",
             "SELECT COUNT(*) FROM employee WHERE emp_no NOT IN"
             " (SELECT emp_no FROM employee_project)"),
    Question("What is the total projected budget for fiscal year 1994?",
             "SELECT SUM(projected_budget) FROM proj_dept_budget WHERE fiscal_year = 1994"),
    Question("Which project has the largest total projected budget?",
             "SELECT p.proj_name FROM proj_dept_budget b JOIN project p ON p.proj_id = b.proj_id"
             " GROUP BY p.proj_id ORDER BY SUM(b.projected_budget) DESC LIMIT 1"),
    Question("What is the total value of all orders?", "SELECT SUM(total_value) FROM sales"),
    Question("Which customer has placed the most orders?",
             f"SELECT c.customer FROM {_SALE_CUST} GROUP BY c.cust_no ORDER BY COUNT(*) DESC"
             " LIMIT 1"),
    Question("How many orders does each customer have?",
             f"SELECT COUNT(*) FROM {_SALE_CUST} GROUP BY c.cust_no", column=True),
    Question("What is the total value of orders from customers in the USA?",
             f"SELECT SUM(s.total_value) FROM {_SALE_CUST} WHERE c.country = 'USA'"),
    Question("Which sales rep handled the most orders?",
             "SELECT e.first_name, e.last_name FROM sales s JOIN employee e"
             " ON e.emp_no = s.sales_rep GROUP BY e.emp_no ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What were the total sales of hardware in 1993?",
             "SELECT SUM(total_value) FROM sales WHERE item_type = 'hardware'"
             " AND order_date LIKE '1993%'"),
    Question("List the top 3 orders by value.",
             "SELECT po_number FROM sales ORDER BY total_value DESC LIMIT 3", column=True),
    Question("How many employees have never handled a sale?",
             "SELECT COUNT(*) FROM employee WHERE emp_no NOT IN"
             " (SELECT sales_rep FROM sales WHERE sales_rep IS NOT NULL)"),
    Question("Which customers have more than 3 orders?",
             f"SELECT c.customer FROM {_SALE_CUST} GROUP BY c.cust_no HAVING COUNT(*) > 3",
             column=True),
    Question("How many orders were placed excluding software orders?",
             "SELECT COUNT(*) FROM sales WHERE item_type <> 'software'"),
    *_no(
        "What is Robert Nelson's home address?",
        "How old is Kim Lambert?",
        "How many vacation days has Leslie Johnson taken this year?",
        "What was Oliver Bender's performance review score?",
        "How much profit did the company make in 1993?",
        "What is the current exchange rate between the Yen and the Dollar?",
        "Who will be promoted next year?",
        "How many sales will the company make in 1995?",
        "What is the stock price of the company today?",
        "Write a welcome email to the newest employee.",
        "¿Cuántos empleados tiene la empresa?",
        "Combien de clients a l'entreprise ?",
    ),
]  # fmt: skip
