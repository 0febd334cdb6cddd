"""The printable sheet of a cast (`referee sheet`): content.py gathers what a player aid says
from the database, html.py writes it as one page of HTML and CSS (also what the phones' view
serves at /sheet), pdf.py prints that HTML to PDF with WeasyPrint, the only module that imports
it."""
