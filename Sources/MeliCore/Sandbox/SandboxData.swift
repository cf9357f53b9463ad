/// The sandbox's catalog, as data. Category codes follow MercadoLibre's (`MLA1051` is
/// "Celulares y Teléfonos"); items and pictures are made up, and their links point at the
/// reserved `.invalid` domain so that nothing suggests they exist.
enum SandboxData {
    struct SiteSeed {
        var id: String
        var name: String
        var countryID: String
        var country: String
        var currency: String
        var portuguese: Bool
        /// Local currency per US dollar, roughly.
        var perDollar: Double
        var cities: [(city: String, state: String)]
    }

    static let sites: [SiteSeed] = [
        SiteSeed(id: "MLA", name: "Argentina", countryID: "AR", country: "Argentina", currency: "ARS", portuguese: false, perDollar: 1400,
                 cities: [("Palermo", "Capital Federal"), ("La Plata", "Buenos Aires"), ("Rosario", "Santa Fe"), ("Córdoba", "Córdoba"), ("Godoy Cruz", "Mendoza")]),
        SiteSeed(id: "MLB", name: "Brasil", countryID: "BR", country: "Brasil", currency: "BRL", portuguese: true, perDollar: 5.5,
                 cities: [("São Paulo", "São Paulo"), ("Rio de Janeiro", "Rio de Janeiro"), ("Belo Horizonte", "Minas Gerais"), ("Curitiba", "Paraná"), ("Porto Alegre", "Rio Grande do Sul")]),
        SiteSeed(id: "MCO", name: "Colombia", countryID: "CO", country: "Colombia", currency: "COP", portuguese: false, perDollar: 4000,
                 cities: [("Bogotá", "Bogotá D.C."), ("Medellín", "Antioquia"), ("Cali", "Valle del Cauca"), ("Barranquilla", "Atlántico"), ("Bucaramanga", "Santander")]),
    ]

    /// A category: MercadoLibre's code (the site's id goes before it) and its names in Spanish and Portuguese.
    struct CategorySeed {
        var code: String
        var spanish: String
        var portuguese: String
        var children: [CategorySeed]

        init(_ code: String, _ spanish: String, _ portuguese: String, _ children: [CategorySeed] = []) {
            (self.code, self.spanish, self.portuguese, self.children) = (code, spanish, portuguese, children)
        }
    }

    /// A product: its leaf category's code, its price in US dollars, brand, model, and titles in Spanish and Portuguese.
    struct ProductSeed {
        var leaf: String
        var dollars: Double
        var brand: String
        var model: String
        var spanish: String
        var portuguese: String

        init(_ leaf: String, _ dollars: Double, _ brand: String, _ model: String, _ spanish: String, _ portuguese: String) {
            (self.leaf, self.dollars, self.brand, self.model, self.spanish, self.portuguese) = (leaf, dollars, brand, model, spanish, portuguese)
        }
    }

    /// The top-level categories in catalog order, each with its children. Written as values, not
    /// as text to parse: a sandbox command starts with nothing to read.
    static let categories: [CategorySeed] = [
        CategorySeed("1051", "Celulares y Teléfonos", "Celulares e Telefones", [
            CategorySeed("1055", "Celulares y Smartphones", "Celulares e Smartphones"),
            CategorySeed("3813", "Accesorios para Celulares", "Acessórios para Celulares"),
        ]),
        CategorySeed("1648", "Computación", "Informática", [
            CategorySeed("1652", "Notebooks", "Notebooks"),
            CategorySeed("1714", "Periféricos de PC", "Periféricos para PC"),
            CategorySeed("1672", "Discos y Almacenamiento", "Armazenamento"),
        ]),
        CategorySeed("5726", "Electrodomésticos", "Eletrodomésticos", [
            CategorySeed("1576", "Refrigeración", "Refrigeração"),
            CategorySeed("1580", "Lavado", "Lavanderia"),
            CategorySeed("4337", "Pequeños Electrodomésticos", "Pequenos Eletrodomésticos"),
        ]),
        CategorySeed("1144", "Consolas y Videojuegos", "Games", [
            CategorySeed("438566", "Consolas", "Consoles"),
            CategorySeed("1147", "Accesorios para Consolas", "Acessórios para Consoles"),
            CategorySeed("151596", "Videojuegos", "Jogos"),
        ]),
        CategorySeed("1039", "Cámaras y Accesorios", "Câmeras e Acessórios", [
            CategorySeed("1040", "Cámaras Digitales", "Câmeras Digitais"),
            CategorySeed("3883", "Accesorios para Cámaras", "Acessórios para Câmeras"),
        ]),
        CategorySeed("1276", "Deportes y Fitness", "Esportes e Fitness", [
            CategorySeed("1292", "Ciclismo", "Ciclismo"),
            CategorySeed("1338", "Fitness y Musculación", "Fitness e Musculação"),
            CategorySeed("1286", "Fútbol", "Futebol"),
        ]),
        CategorySeed("1574", "Hogar, Muebles y Jardín", "Casa, Móveis e Decoração", [
            CategorySeed("1631", "Dormitorio", "Quarto"),
            CategorySeed("436380", "Cocina", "Cozinha"),
            CategorySeed("1582", "Iluminación", "Iluminação"),
        ]),
        CategorySeed("407134", "Herramientas", "Ferramentas", [
            CategorySeed("407135", "Herramientas Eléctricas", "Ferramentas Elétricas"),
            CategorySeed("407136", "Herramientas Manuales", "Ferramentas Manuais"),
        ]),
        CategorySeed("1430", "Ropa y Accesorios", "Calçados, Roupas e Bolsas", [
            CategorySeed("109276", "Calzado", "Calçados"),
            CategorySeed("1457", "Abrigos", "Casacos"),
            CategorySeed("1458", "Accesorios de Moda", "Acessórios da Moda"),
        ]),
        CategorySeed("1182", "Instrumentos Musicales", "Instrumentos Musicais", [
            CategorySeed("3004", "Guitarras", "Guitarras e Violões"),
            CategorySeed("1183", "Teclados y Pianos", "Teclados e Pianos"),
            CategorySeed("2990", "Audio Profesional", "Áudio Profissional"),
        ]),
    ]

    /// Every site's products, in catalog order (the order ranks them and makes their ids).
    static let products: [ProductSeed] = [
        ProductSeed("1055", 449, "Samsung", "Galaxy A54", "Samsung Galaxy A54 5G 128 GB Negro", "Samsung Galaxy A54 5G 128 GB Preto"),
        ProductSeed("1055", 699, "Apple", "iPhone 13", "Apple iPhone 13 128 GB Azul Medianoche", "Apple iPhone 13 128 GB Azul-meia-noite"),
        ProductSeed("1055", 299, "Motorola", "Moto G84", "Motorola Moto G84 5G 256 GB Grafito", "Motorola Moto G84 5G 256 GB Grafite"),
        ProductSeed("1055", 349, "Xiaomi", "Redmi Note 13 Pro", "Xiaomi Redmi Note 13 Pro 256 GB 8 GB RAM", "Xiaomi Redmi Note 13 Pro 256 GB 8 GB RAM"),
        ProductSeed("1055", 1299, "Samsung", "Galaxy S23 Ultra", "Samsung Galaxy S23 Ultra 512 GB Verde", "Samsung Galaxy S23 Ultra 512 GB Verde"),
        ProductSeed("1055", 1399, "Apple", "iPhone 15 Pro", "Apple iPhone 15 Pro 256 GB Titanio Natural", "Apple iPhone 15 Pro 256 GB Titânio Natural"),
        ProductSeed("3813", 19, "Spigen", "Ultra Hybrid", "Funda Spigen Ultra Hybrid para iPhone 13 Transparente", "Capa Spigen Ultra Hybrid para iPhone 13 Transparente"),
        ProductSeed("1652", 649, "Lenovo", "IdeaPad 3", "Notebook Lenovo IdeaPad 3 15.6 Ryzen 5 8 GB 512 GB SSD", "Notebook Lenovo IdeaPad 3 15.6 Ryzen 5 8 GB 512 GB SSD"),
        ProductSeed("1652", 1199, "Apple", "MacBook Air M2", "Apple MacBook Air 13 M2 8 GB 256 GB Gris Espacial", "Apple MacBook Air 13 M2 8 GB 256 GB Cinza-espacial"),
        ProductSeed("1714", 159, "Samsung", "F24T35", "Monitor Samsung 24 Full HD IPS 75 Hz", "Monitor Samsung 24 Full HD IPS 75 Hz"),
        ProductSeed("1714", 45, "Redragon", "Kumara K552", "Teclado Mecánico Redragon Kumara K552 RGB Switch Red", "Teclado Mecânico Redragon Kumara K552 RGB Switch Red"),
        ProductSeed("1714", 29, "Logitech", "G203", "Mouse Gamer Logitech G203 Lightsync Negro", "Mouse Gamer Logitech G203 Lightsync Preto"),
        ProductSeed("1672", 39, "Kingston", "A400", "Disco SSD Kingston A400 480 GB SATA", "SSD Kingston A400 480 GB SATA"),
        ProductSeed("1714", 89, "HP", "DeskJet 2775", "Impresora Multifunción HP DeskJet Ink Advantage 2775 WiFi", "Impressora Multifuncional HP DeskJet Ink Advantage 2775 WiFi"),
        ProductSeed("1576", 899, "Samsung", "RT38", "Heladera Samsung No Frost 382 L Inox", "Geladeira Samsung Frost Free 382 L Inox"),
        ProductSeed("1580", 599, "Drean", "Next 8.14", "Lavarropas Automático Drean Next 8 kg Blanco", "Máquina de Lavar Automática 8 kg Branca"),
        ProductSeed("4337", 149, "BGH", "Quick Chef", "Microondas BGH Quick Chef 20 L Blanco", "Micro-ondas BGH Quick Chef 20 L Branco"),
        ProductSeed("4337", 179, "Nespresso", "Essenza Mini", "Cafetera Nespresso Essenza Mini Negra", "Cafeteira Nespresso Essenza Mini Preta"),
        ProductSeed("4337", 59, "Oster", "BLSTKAG", "Licuadora Oster 600 W Vaso de Vidrio 1.25 L", "Liquidificador Oster 600 W Copo de Vidro 1,25 L"),
        ProductSeed("4337", 39, "Philips", "HD2581", "Tostadora Philips HD2581 830 W Blanca", "Torradeira Philips HD2581 830 W Branca"),
        ProductSeed("1576", 849, "LG", "Dual Inverter", "Aire Acondicionado Split LG Dual Inverter 3000 Frigorías", "Ar-condicionado Split LG Dual Inverter 12000 BTUs"),
        ProductSeed("438566", 649, "Sony", "PlayStation 5 Slim", "Sony PlayStation 5 Slim 1 TB Edición Estándar", "Sony PlayStation 5 Slim 1 TB Edição Padrão"),
        ProductSeed("438566", 379, "Nintendo", "Switch OLED", "Nintendo Switch OLED 64 GB Blanco", "Nintendo Switch OLED 64 GB Branco"),
        ProductSeed("438566", 329, "Microsoft", "Xbox Series S", "Microsoft Xbox Series S 512 GB Blanco", "Microsoft Xbox Series S 512 GB Branco"),
        ProductSeed("1147", 74, "Sony", "DualSense", "Joystick Inalámbrico Sony DualSense PS5 Blanco", "Controle sem Fio Sony DualSense PS5 Branco"),
        ProductSeed("151596", 59, "Nintendo", "Zelda TOTK", "The Legend of Zelda Tears of the Kingdom Nintendo Switch Físico", "The Legend of Zelda Tears of the Kingdom Nintendo Switch Mídia Física"),
        ProductSeed("1147", 89, "HyperX", "Cloud II", "Auriculares Gamer HyperX Cloud II 7.1 Rojo", "Headset Gamer HyperX Cloud II 7.1 Vermelho"),
        ProductSeed("438566", 549, "Meta", "Quest 3", "Meta Quest 3 128 GB Realidad Mixta", "Meta Quest 3 128 GB Realidade Mista"),
        ProductSeed("1040", 599, "Canon", "EOS Rebel T7", "Cámara Canon EOS Rebel T7 18-55 mm Kit", "Câmera Canon EOS Rebel T7 18-55 mm Kit"),
        ProductSeed("1040", 999, "Sony", "Alpha a6400", "Cámara Sony Alpha a6400 Mirrorless 16-50 mm", "Câmera Sony Alpha a6400 Mirrorless 16-50 mm"),
        ProductSeed("1040", 399, "GoPro", "HERO12 Black", "Cámara GoPro HERO12 Black 5.3K Sumergible", "Câmera GoPro HERO12 Black 5.3K à Prova d'Água"),
        ProductSeed("1040", 89, "Fujifilm", "Instax Mini 12", "Cámara Instantánea Fujifilm Instax Mini 12 Lila", "Câmera Instantânea Fujifilm Instax Mini 12 Lilás"),
        ProductSeed("3883", 59, "Manfrotto", "Compact Action", "Trípode Manfrotto Compact Action Aluminio", "Tripé Manfrotto Compact Action Alumínio"),
        ProductSeed("3883", 24, "SanDisk", "Extreme 128", "Tarjeta de Memoria SanDisk Extreme microSD 128 GB", "Cartão de Memória SanDisk Extreme microSD 128 GB"),
        ProductSeed("3883", 149, "Canon", "EF 50 mm STM", "Lente Canon EF 50 mm f/1.8 STM", "Lente Canon EF 50 mm f/1.8 STM"),
        ProductSeed("1292", 499, "Venzo", "Raptor", "Bicicleta Mountain Bike Venzo Raptor Rodado 29 21 Velocidades", "Bicicleta Mountain Bike Venzo Raptor Aro 29 21 Marchas"),
        ProductSeed("1338", 699, "Randers", "ARG-150", "Cinta de Correr Eléctrica Randers 1.5 HP Plegable", "Esteira Elétrica Randers 1,5 HP Dobrável"),
        ProductSeed("1338", 79, "Everlast", "Ajustable 20", "Mancuernas Ajustables 20 kg con Maletín", "Halteres Ajustáveis 20 kg com Maleta"),
        ProductSeed("1286", 89, "Adidas", "Al Rihla Pro", "Pelota de Fútbol Adidas Al Rihla Pro N° 5", "Bola de Futebol Adidas Al Rihla Pro Nº 5"),
        ProductSeed("1338", 19, "Gadnic", "Yoga 6 mm", "Colchoneta de Yoga 6 mm Antideslizante", "Tapete de Yoga 6 mm Antiderrapante"),
        ProductSeed("1338", 219, "Garmin", "Forerunner 55", "Reloj GPS Garmin Forerunner 55 Running Negro", "Relógio GPS Garmin Forerunner 55 Corrida Preto"),
        ProductSeed("1292", 39, "Oxford", "Casco Urbano", "Casco de Ciclismo Urbano con Luz LED", "Capacete de Ciclismo Urbano com Luz LED"),
        ProductSeed("1631", 399, "Cannon", "Princess", "Colchón Cannon Princess 2 Plazas 140x190", "Colchão Cannon Princess Casal 140x190"),
        ProductSeed("1631", 29, "Arcoiris", "Sábanas 144", "Juego de Sábanas 144 Hilos 2 Plazas Algodón", "Jogo de Lençol 144 Fios Casal Algodão"),
        ProductSeed("1582", 44, "Lumina", "Pie LED", "Lámpara de Pie LED Nórdica con Estantes", "Luminária de Chão LED Nórdica com Prateleiras"),
        ProductSeed("436380", 119, "Tramontina", "Solar 5", "Batería de Cocina Tramontina Solar 5 Piezas Acero Inoxidable", "Jogo de Panelas Tramontina Solar 5 Peças Aço Inox"),
        ProductSeed("1631", 109, "Centro Estant", "Escritorio 120", "Escritorio de Melamina 120 cm con Cajones", "Escrivaninha de Melamina 120 cm com Gavetas"),
        ProductSeed("1631", 149, "Baires4", "Ergo Pro", "Silla de Oficina Ergonómica con Apoyo Lumbar", "Cadeira de Escritório Ergonômica com Apoio Lombar"),
        ProductSeed("436380", 69, "Philco", "Air Fryer 4 L", "Freidora de Aire Philco 4 L Digital", "Fritadeira Elétrica Air Fryer Philco 4 L Digital"),
        ProductSeed("407135", 89, "Bosch", "GSB 13 RE", "Taladro Percutor Bosch GSB 13 RE 650 W con Maletín", "Furadeira de Impacto Bosch GSB 13 RE 650 W com Maleta"),
        ProductSeed("407135", 84, "DeWalt", "DWE4010", "Amoladora Angular DeWalt DWE4010 115 mm 730 W", "Esmerilhadeira Angular DeWalt DWE4010 115 mm 730 W"),
        ProductSeed("407136", 24, "Stanley", "Set 10", "Juego de Destornilladores Stanley 10 Piezas", "Jogo de Chaves de Fenda Stanley 10 Peças"),
        ProductSeed("407135", 149, "Kärcher", "K2", "Hidrolavadora Kärcher K2 1600 W 110 bar", "Lavadora de Alta Pressão Kärcher K2 1600 W"),
        ProductSeed("407135", 179, "Makita", "5007N", "Sierra Circular Makita 5007N 185 mm 1800 W", "Serra Circular Makita 5007N 185 mm 1800 W"),
        ProductSeed("407136", 59, "Black+Decker", "Caja 100", "Caja de Herramientas Black+Decker 100 Piezas", "Maleta de Ferramentas Black+Decker 100 Peças"),
        ProductSeed("407136", 299, "Bosch", "GLL 3-80", "Nivel Láser Bosch GLL 3-80 Líneas 360°", "Nível a Laser Bosch GLL 3-80 Linhas 360°"),
        ProductSeed("109276", 149, "Nike", "Air Max 90", "Zapatillas Nike Air Max 90 Blanco Hombre", "Tênis Nike Air Max 90 Branco Masculino"),
        ProductSeed("1457", 129, "The North Face", "Resolve 2", "Campera Impermeable The North Face Resolve 2 Hombre", "Jaqueta Impermeável The North Face Resolve 2 Masculina"),
        ProductSeed("1458", 79, "Levi's", "501 Original", "Jean Levi's 501 Original Fit Azul", "Calça Jeans Levi's 501 Original Fit Azul"),
        ProductSeed("1458", 24, "Adidas", "Essentials", "Remera Adidas Essentials Algodón Negra", "Camiseta Adidas Essentials Algodão Preta"),
        ProductSeed("1458", 44, "JanSport", "SuperBreak", "Mochila JanSport SuperBreak 26 L Negra", "Mochila JanSport SuperBreak 26 L Preta"),
        ProductSeed("1458", 109, "Casio", "GA-2100", "Reloj Casio G-Shock GA-2100 Negro", "Relógio Casio G-Shock GA-2100 Preto"),
        ProductSeed("109276", 179, "Asics", "Gel-Nimbus 25", "Zapatillas Running Asics Gel-Nimbus 25 Mujer", "Tênis de Corrida Asics Gel-Nimbus 25 Feminino"),
        ProductSeed("3004", 899, "Fender", "Player Stratocaster", "Guitarra Eléctrica Fender Player Stratocaster Sunburst", "Guitarra Elétrica Fender Player Stratocaster Sunburst"),
        ProductSeed("1183", 249, "Yamaha", "PSR-E373", "Teclado Yamaha PSR-E373 61 Teclas Sensitivas", "Teclado Yamaha PSR-E373 61 Teclas Sensitivas"),
        ProductSeed("3004", 119, "Fonseca", "Modelo 25", "Guitarra Criolla Fonseca Modelo 25 Natural", "Violão Clássico Fonseca Modelo 25 Natural"),
        ProductSeed("1183", 999, "Roland", "TD-07KV", "Batería Electrónica Roland TD-07KV V-Drums", "Bateria Eletrônica Roland TD-07KV V-Drums"),
        ProductSeed("3004", 59, "Kala", "KA-15S", "Ukelele Soprano Kala KA-15S Caoba", "Ukulele Soprano Kala KA-15S Mogno"),
        ProductSeed("2990", 109, "Shure", "SM58", "Micrófono Dinámico Shure SM58 Vocal", "Microfone Dinâmico Shure SM58 Vocal"),
        ProductSeed("2990", 149, "Marshall", "MG15G", "Amplificador de Guitarra Marshall MG15G 15 W", "Amplificador para Guitarra Marshall MG15G 15 W"),
    ]
}
